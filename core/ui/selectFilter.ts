/** Pure helpers of Select: kept out of Select.tsx so they are tested (and reusable) without headlessui. */

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
  /** Options with the same group are listed under one heading, in first-seen order. */
  group?: string;
  /** Secondary text under the label (e.g. the data-storage region of a country). */
  hint?: string;
  /** Other names that find this option ("Korea" for South Korea, the English name in other languages); never shown. */
  keywords?: readonly string[];
  disabled?: boolean;
}

/** Case- and diacritics-insensitive form: "Česko" and "cesko" match, as do "Türkiye" and "turk". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

const WORD_BREAK = /[\s\-–(,.'’/]/u;

/**
 * How well a folded name matches a folded query, best first: the whole name, its start, the
 * start of one of its words, anywhere in it. `null`: no match.
 */
function nameRank(name: string, q: string): number | null {
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  let at = name.indexOf(q);
  if (at < 0) return null;
  for (; at >= 0; at = name.indexOf(q, at + 1)) if (WORD_BREAK.test(name[at - 1] ?? '')) return 2;
  return 3;
}

/** An option's rank: by its label, or a little lower by one of its keywords matched the same way. */
function optionRank(option: SelectOption<string | number>, q: string): number | null {
  const ranks: number[] = [];
  const byLabel = nameRank(foldText(option.label), q);
  if (byLabel !== null) ranks.push(byLabel * 2);
  for (const keyword of option.keywords ?? []) {
    const byKeyword = nameRank(foldText(keyword), q);
    if (byKeyword !== null) ranks.push(byKeyword * 2 + 1);
  }
  return ranks.length > 0 ? Math.min(...ranks) : null;
}

/**
 * The options that match the typed text, best match first ("Netherlands" before "Caribbean
 * Netherlands"; "Korea" finds South Korea by its alias before North Korea); equally good matches
 * keep their order. An empty query keeps every option in order.
 */
export function filterOptions<V extends string | number>(options: readonly SelectOption<V>[], query: string): SelectOption<V>[] {
  const q = foldText(query);
  if (!q) return [...options];
  const ranked: Array<{ option: SelectOption<V>; rank: number; index: number }> = [];
  options.forEach((option, index) => {
    const rank = optionRank(option, q);
    if (rank !== null) ranked.push({ option, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.option);
}

export interface OptionGroup<V extends string | number> {
  group: string | undefined;
  options: SelectOption<V>[];
}

/** Groups options by `group`, keeping the order in which groups first appear. */
export function groupOptions<V extends string | number>(options: readonly SelectOption<V>[]): OptionGroup<V>[] {
  const groups: OptionGroup<V>[] = [];
  for (const option of options) {
    const last = groups.find((g) => g.group === option.group);
    if (last) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  return groups;
}
