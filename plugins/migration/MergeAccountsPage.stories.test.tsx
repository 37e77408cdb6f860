import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetRegionWhiteList } from '../../core/regions/useRegionWhiteList';
import { Providers } from '../../core/testing/Providers';
import * as stories from './MergeAccountsPage.stories';

setProjectAnnotations({ decorators: [(Story) => <Providers>{Story()}</Providers>] });
const composed = composeStories(stories);

const expected: Record<keyof typeof composed, string[]> = {
  Loading: ['Merge accounts', 'Loading your other accounts…'],
  LoadFailed: ['Your other accounts could not be loaded.', 'Try again'],
  NothingToMerge: ['No other account uses ana.novak@partner-example.com. There is nothing to merge.', 'Back to My Profile'],
  Accounts: ['Your Unified ID', 'Partner program account', 'Partner app account'],
  Chosen: ['Password of the selected account (Partner app account)', 'Merge accounts', 'Keep receiving news about NVR'],
  ChosenWithErrors: ['Please read and accept the Terms of Use.', 'This field is required'],
  VendorWithoutRegion: ['Country/region'],
  RightToLeft: ['Password of the selected account (Partner app account)'],
};
const absent: Partial<Record<keyof typeof composed, string[]>> = {
  Accounts: ['Password of the selected account'],
  Chosen: ['Please read and accept the Terms of Use.', 'Country/region'],
};

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});
afterEach(() => {
  cleanup();
  resetRegionWhiteList();
  document.body.replaceChildren();
});

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check() && Date.now() - start < timeoutMs) await new Promise((r) => setTimeout(r, 20));
}

describe('merge accounts page stories', () => {
  it.each(Object.keys(composed) as Array<keyof typeof composed>)('%s renders its state', async (name) => {
    const canvasElement = document.body.appendChild(document.createElement('div'));
    await composed[name].run({ canvasElement });
    await until(() => expected[name].every((text) => document.body.textContent!.includes(text)));
    for (const text of expected[name]) expect(document.body.textContent).toContain(text);
    for (const text of absent[name] ?? []) expect(document.body.textContent).not.toContain(text);
  });
});
