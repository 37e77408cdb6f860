import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe on the page (or only `include`, a dialog say) must find nothing. Reports each violation
 * as `rule: help (selector…)`, so a failure says where. `disable` drops rules that cannot apply
 * to a part checked on its own (a dialog has no h1).
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; disable?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  if (options.disable?.length) builder = builder.disableRules(options.disable);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
