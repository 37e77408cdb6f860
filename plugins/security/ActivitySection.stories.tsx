import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { ApiError, ClockContext, type HttpClient, type Registry, type SecurityEventsResult, useHttp } from '@portal/plugin-api';
import { cannedHttp, demoUser, frozenClock, inArabic, StoryPortal, testRegistry, until } from '@portal/plugin-api/testing';
import { ActivitySection } from './ActivitySection';
import { securityApi } from './api';
import security from './index';
import { storyActivity } from './storyActivity';
import { SecurityLockContext, useSecurityLock } from './useSecurityLock';

type Loaded = { registry: Registry };

const ID = demoUser.accountId;
const AT = Date.UTC(2024, 4, 1, 10, 0);
const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

function answers(overrides: Record<string, unknown> = {}): HttpClient {
  return cannedHttp({
    [`/account/${ID}/security-events`]: storyActivity,
    '/security/enable': { securityToken: 'st-story', expiresIn: 300 },
    [`/security/${ID}/disable`]: { disabled: true },
    [`/accounts/${ID}/password`]: { changed: true },
    [`/account/${ID}/logout`]: { loggedOut: ['s-2'] },
    ...overrides,
  });
}

/** The section as the Security page holds it: under the page's security lock. */
function Activity() {
  const http = useHttp();
  const api = useMemo(() => securityApi(http, ID), [http]);
  const lock = useSecurityLock(api);
  return (
    <SecurityLockContext.Provider value={lock}>
      <ActivitySection api={api} reloadKey={0} timeZone="UTC" onSecured={() => undefined} />
    </SecurityLockContext.Provider>
  );
}

// Play helpers: no pointer clicks (Loki disables pointer events), so fields are set and forms submitted directly.
const byText = (text: string) => () =>
  [...document.querySelectorAll('body *')].find((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes(text)));
const button = (name: string, within: ParentNode = document) => () => [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === name && !b.disabled);
const input = (label: string) => () => {
  const forLabel = [...document.querySelectorAll('[role="dialog"] label')].find((l) => l.textContent?.startsWith(label)) as HTMLLabelElement | undefined;
  return forLabel ? (document.getElementById(forLabel.htmlFor) as HTMLInputElement | null) : null;
};
function typeInto(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
const dialogForm = () => document.querySelector('[role="dialog"] form') as HTMLFormElement | null;

async function openNotMe() {
  await until(byText('Sign-in refused'), 'the activity');
  (await until(button("This wasn't me"), 'the button')).click();
  await until(() => document.querySelector('[role="dialog"]'), 'the dialog');
}
async function unlockInDialog() {
  await openNotMe();
  typeInto(await until(input('Account password'), 'the password field'), 'Demo-pass-2024');
  (await until(dialogForm, 'the unlock form')).requestSubmit();
  await until(input('Current password'), 'the password step');
}

const meta: Meta = {
  title: 'Plugins/Security/RecentActivity',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([security]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? answers()} user={demoUser} path="/accountSetting/security">
      <ClockContext.Provider value={frozenClock(AT)}>
        <div style={{ padding: 16 }}>
          <Activity />
        </div>
      </ClockContext.Provider>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** Sign-ins and changes, newest first: a new device's sign-in (badge), a refused one, a change; older ones on request. */
export const Events: Story = {
  play: async () => {
    await until(byText('Sign-in refused'), 'the activity');
  },
};

/** Nothing in the last 90 days. */
export const Empty: Story = {
  parameters: { http: answers({ [`/account/${ID}/security-events`]: { events: [], nextCursor: null, timeZone: null } }) },
  play: async () => {
    await until(byText('No activity in the last 90 days.'), 'the empty state');
  },
};

/** Before the server answers. */
export const Loading: Story = {
  parameters: { http: { get: () => new Promise(() => undefined), post: () => new Promise(() => undefined) } as unknown as HttpClient },
  play: async () => {
    await until(byText('Loading recent activity…'), 'the loading state');
  },
};

/** The list could not be loaded: the catalogue message and a retry. */
export const LoadFailed: Story = {
  parameters: { http: answers({ [`/account/${ID}/security-events`]: new ApiError(-10000, 'server error', 500) }) },
  play: async () => {
    await until(() => document.querySelector('[role="alert"]'), 'the error');
  },
};

/** "This wasn't me" while the page is locked: confirm it is you first. */
export const NotMeUnlock: Story = {
  parameters: portal,
  play: openNotMe,
};

/** A wrong password at that step: refused as the lock panel refuses it. */
export const NotMeWrongPassword: Story = {
  parameters: { ...portal, http: answers({ '/security/enable': new ApiError(-20601, 'wrong', 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 30 }) }) },
  play: async () => {
    await openNotMe();
    typeInto(await until(input('Account password'), 'the password field'), 'Wrong-pass-1');
    (await until(dialogForm, 'the unlock form')).requestSubmit();
    await until(byText('Attempts left: 3'), 'the refusal');
  },
};

/** Unlocked: the change-password step. */
export const NotMePassword: Story = {
  parameters: portal,
  play: unlockInDialog,
};

/** Password changed and every other device logged out. */
export const NotMeDone: Story = {
  parameters: portal,
  play: async () => {
    await unlockInDialog();
    typeInto((await until(input('Current password'), 'old'))!, 'Demo-pass-2024');
    typeInto((await until(input('New password'), 'new'))!, 'Fresh-pass-2025');
    typeInto((await until(input('Confirm new password'), 'confirm'))!, 'Fresh-pass-2025');
    (await until(dialogForm, 'the password form')).requestSubmit();
    await until(byText('every other device is logged out'), 'the result');
  },
};

/** The logout after the password change failed: the password stays changed, the logout can be retried. */
export const NotMeLogoutFailed: Story = {
  parameters: { ...portal, http: answers({ [`/account/${ID}/logout`]: new ApiError(-10000, 'server error', 500) }) },
  play: async () => {
    await unlockInDialog();
    typeInto((await until(input('Current password'), 'old'))!, 'Demo-pass-2024');
    typeInto((await until(input('New password'), 'new'))!, 'Fresh-pass-2025');
    typeInto((await until(input('Confirm new password'), 'confirm'))!, 'Fresh-pass-2025');
    (await until(dialogForm, 'the password form')).requestSubmit();
    await until(button('Log out other devices again'), 'the retry');
  },
};

/**
 * A company's answers to the account's applications: the company's name inside the sentence, no
 * device or place (the manager's browser is not the applicant's) and no "This wasn't me".
 */
const companyAnswers: SecurityEventsResult = {
  events: [
    { id: 'c-1', kind: 'company_application_accepted', at: AT - 300_000, ip: null, country: null, city: null, browser: null, os: null, detail: { org: 'Contoso Demo Ltd' } },
    { id: 'c-2', kind: 'company_application_rejected', at: AT - 86_400_000, ip: null, country: null, city: null, browser: null, os: null, detail: { org: 'Fabrikam (EU) GmbH' } },
    storyActivity.events[3]!,
  ],
  nextCursor: null,
  timeZone: null,
};
export const CompanyAnswers: Story = {
  parameters: { http: answers({ [`/account/${ID}/security-events`]: companyAnswers }) },
  play: async () => {
    await until(() => document.querySelectorAll('li').length === 3 || null, 'the activity');
  },
};

/** The same in Arabic: the Latin company name, parentheses and all, keeps its place in the right-to-left sentence. */
export const CompanyAnswersArabic: Story = inArabic(CompanyAnswers);

export const DarkTheme: Story = {
  parameters: { theme: 'midnight' },
  play: async () => {
    await until(byText('Sign-in refused'), 'the activity');
  },
};
