import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, ERROR_CODES, type Registry } from '@portal/plugin-api';
import { demoUser, inArabic, press, StoryPortal, testRegistry, typeInto, until, untilText } from '@portal/plugin-api/testing';
import { CloseAccountSection } from './CloseAccountSection';
import type { ClosedResult, ClosureFacts } from './contract';
import yourData from './index';

type Loaded = { registry: Registry };

const FACTS: ClosureFacts = { graceDays: 14, handOver: null, companyGoes: null, services: ['Unified ID Portal', 'Partner Shop'], passwordSet: true };
const never = () => new Promise<never>(() => undefined);

interface Calls {
  facts?: ClosureFacts | ApiError | 'pending';
  close?: ClosedResult | ApiError | 'pending';
}
const settle = <T,>(value: T | ApiError | 'pending' | undefined, fallback: T): Promise<T> => (value === 'pending' ? never() : value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value ?? fallback));

/** Opens the section: "Delete my account…" and the facts read. */
async function open(root: HTMLElement): Promise<void> {
  // The section's one button, whatever the language (the Arabic story opens it too).
  (await until(() => root.querySelector<HTMLButtonElement>('section[aria-labelledby="close-account-heading"] button'), 'Delete my account…')).click();
}

/** Opens, types the password, ticks "I understand" and confirms. */
async function confirmWith(root: HTMLElement, password: string, tick = true): Promise<void> {
  await open(root);
  typeInto(await until(() => root.querySelector<HTMLInputElement>('input[type="password"]'), 'the password field'), password);
  if (tick) (await until(() => root.querySelector<HTMLInputElement>('input[type="checkbox"]'), 'the checkbox')).click();
  await press(root, 'Close and delete my ID');
}

/**
 * "Delete your account" on the Your data page: what is deleted and who is told, the company to hand
 * over first, then the password and "I understand". Mocked at the section's calls.
 */
const meta: Meta = {
  title: 'Plugins/YourData/CloseAccountSection',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([yourData]) })],
  render: (_args, { loaded, parameters }) => {
    const calls = (parameters.calls ?? {}) as Calls;
    return (
      <StoryPortal registry={(loaded as Loaded).registry} user={demoUser} path="/accountSetting/your-data">
        <div style={{ padding: 16 }}>
          <CloseAccountSection loadFacts={() => settle(calls.facts, FACTS)} close={() => settle(calls.close, { eraseAt: Date.UTC(2026, 11, 15, 9, 30) })} onClosed={() => undefined} />
        </div>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

/** Closed: what closing means, and the one button. */
export const Start: Story = {};

/** The facts are read. */
export const Checking: Story = { parameters: { calls: { facts: 'pending' } }, play: async ({ canvasElement }) => open(canvasElement) };

/** The facts could not be read: said, with a way to try again. */
export const CheckFailed: Story = {
  parameters: { calls: { facts: new ApiError(0, undefined, 0) } },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await untilText(canvasElement, 'We could not check');
  },
};

/** What is deleted, the services told, the password and "I understand". */
export const WhatGoes: Story = {
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    // Not a text: the Arabic story plays this too.
    await until(() => canvasElement.querySelector('input[type="checkbox"]'), 'the facts and the form');
  },
};

/** The person's company of one goes with the ID. */
export const CompanyGoes: Story = {
  parameters: { calls: { facts: { ...FACTS, companyGoes: { company: 'Fabrikam Startup' } } } },
  play: WhatGoes.play!,
};

/** An owner of a company with other members hands it over first: no form. */
export const HandOverFirst: Story = {
  parameters: { calls: { facts: { ...FACTS, handOver: { company: 'Contoso Demo Ltd' } } } },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await untilText(canvasElement, 'Hand it over');
  },
};

/** An ID made at another provider sets a password first. */
export const NoPasswordYet: Story = {
  parameters: { calls: { facts: { ...FACTS, passwordSet: false } } },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await untilText(canvasElement, 'has no password yet');
  },
};

/** Confirmed without the password or the tick: both said, at their fields. */
export const Missing: Story = {
  play: async ({ canvasElement }) => {
    await open(canvasElement);
    await press(canvasElement, 'Close and delete my ID');
    await untilText(canvasElement, 'Confirm that you understand');
  },
};

/** A wrong password: said at the field, with the attempts left. */
export const WrongPassword: Story = {
  parameters: { calls: { close: new ApiError(ERROR_CODES.wrongCredentials, undefined, 400, { remainAttempts: 2, failedAttempts: 3, lockedMinutes: 0 }) } },
  play: async ({ canvasElement }) => {
    await confirmWith(canvasElement, 'not-my-password');
    await untilText(canvasElement, '2 attempts left');
  },
};

/** Closing: the button is busy. */
export const Closing: Story = {
  parameters: { calls: { close: 'pending' } },
  play: async ({ canvasElement }) => confirmWith(canvasElement, 'Demo-pass-2024'),
};

export const DarkTheme: Story = { ...WhatGoes, parameters: { theme: 'midnight' } };

export const RightToLeft: Story = { ...WhatGoes, parameters: { dir: 'rtl' } };

export const Arabic: Story = inArabic(RightToLeft);
