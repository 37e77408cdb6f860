import { isDeepStrictEqual } from 'node:util';

type Json = { plugins?: Record<string, unknown> } & Record<string, unknown>;

/** Where the value of the top-level key `name` starts and ends (its braces), outside strings. */
function topLevelObject(text: string, name: string): { open: number; close: number } | null {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (depth === 1 && open < 0 && text.slice(i + 1, end) === name && /^\s*:\s*\{/.test(text.slice(end + 1))) open = text.indexOf('{', end);
      i = end;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (open >= 0 && depth === 1) return { open, close: i };
    }
  }
  return null;
}

function stringEnd(text: string, quote: number): number {
  let i = quote + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i;
}

/**
 * The config with `"<id>": { "enabled": true }` added to its `plugins`, written into the text as it
 * stands so a hand-formatted config keeps its layout; re-serialised only when that cannot be done.
 */
export function enablePlugin(text: string, id: string): string {
  const config = JSON.parse(text) as Json;
  const expected: Json = { ...config, plugins: { ...config.plugins, [id]: { enabled: true } } };
  const entry = `${JSON.stringify(id)}: { "enabled": true }`;
  const span = topLevelObject(text, 'plugins');
  if (span) {
    const inside = text.slice(span.open + 1, span.close);
    const empty = inside.trim() === '';
    const keyIndent = /\n([ \t]*)"/.exec(inside)?.[1];
    let updated: string;
    if (keyIndent !== undefined) {
      const last = text.slice(0, span.close).trimEnd().length;
      updated = `${text.slice(0, last)},\n${keyIndent}${entry}${text.slice(last)}`;
    } else if (empty) {
      const lineIndent = /(^|\n)([ \t]*)[^\n]*$/.exec(text.slice(0, span.open))?.[2] ?? '';
      updated = `${text.slice(0, span.open + 1)}\n${lineIndent}  ${entry}\n${lineIndent}${text.slice(span.close)}`;
    } else {
      const last = text.slice(0, span.close).trimEnd().length;
      updated = `${text.slice(0, last)}, ${entry}${text.slice(last)}`;
    }
    try {
      if (isDeepStrictEqual(JSON.parse(updated), expected)) return updated;
    } catch {
      // fall through to a plain rewrite
    }
  }
  return `${JSON.stringify(expected, null, 2)}\n`;
}
