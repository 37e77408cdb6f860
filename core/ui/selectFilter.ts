/** Pure helpers of Select: kept out of Select.tsx so they are tested (and reusable) without headlessui. */

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
  /** Options with the same group are listed under one heading, in first-seen order. */
  group?: string;
  /** Secondary text under the label (e.g. the data-storage region of a country). */
  hint?: string;
  disabled?: boolean;
}

/** Case- and diacritics-insensitive form: "Česko" and "cesko" match, as do "Türkiye" and "turk". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

export function filterOptions<V extends string | number>(options: readonly SelectOption<V>[], query: string): SelectOption<V>[] {
  const q = foldText(query);
  return q ? options.filter((o) => foldText(o.label).includes(q)) : [...options];
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
