/**
 * "Did you mean": the known name closest to a mistyped one, if it is close enough to be the
 * likely intent (a slip of one or two characters, or a difference in case only).
 */
export function closestName(typed: string, known: readonly string[]): string | null {
  // Nothing long is a slip of a known name; and the distance's cost grows with the length (a 250 000-character key took a minute).
  if (typed.length > MAX_TYPED) return null;
  const lower = typed.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = name.toLowerCase() === lower ? 0 : editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  const tolerance = Math.min(3, Math.max(1, Math.ceil(typed.length / 3)));
  // A short name is easily "two edits" from anything ('Mars' and 'Aps'): demand most of it to match.
  return best !== null && bestDistance <= tolerance && bestDistance < best.length / 2 ? best : null;
}

/** Longer than any name a config knows by some margin: no suggestion is looked for. */
const MAX_TYPED = 100;

/** Levenshtein distance with adjacent transpositions counted as one edit (Damerau, restricted). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}

/** "; did you mean 'x'?" or, when nothing is close, the list of what is allowed. */
export function hint(typed: string, known: readonly string[]): string {
  const close = closestName(typed, known);
  if (close) return `did you mean '${close}'?`;
  return known.length ? `expected one of: ${known.join(', ')}` : 'nothing is expected here';
}
