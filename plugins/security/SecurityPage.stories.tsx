import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  ClockContext,
  type HttpClient,
  type MfaFeatureStatus,
  type Registry,
  type SessionInfo,
} from '@portal/plugin-api';
import { cannedHttp, demoUser, frozenClock, pluginsById, StoryPortal, testRegistry, until } from '@portal/plugin-api/testing';
import security from './index';
import SecurityPage from './SecurityPage';
import { storyActivity } from './storyActivity';
import { STORY_QR_PNG } from './storyQr';

type Loaded = { registry: Registry };

const ID = demoUser.accountId;
const AT = Date.UTC(2024, 4, 1, 10, 0);
const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

const off: MfaFeatureStatus = { enabled: false, supportedMFATypes: [], primaryMFAType: null, MFAEmail: 'an***@partner-example.com' };
const totpOnly: MfaFeatureStatus = { enabled: true, supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'an***@partner-example.com' };
const both: MfaFeatureStatus = { enabled: true, supportedMFATypes: [3, 2], primaryMFAType: 2, MFAEmail: 'an***@partner-example.com' };
const sessions: SessionInfo[] = [
  {
    sessionId: 's-1',
    current: true,
    createdAt: AT - 7_200_000,
    lastActiveAt: AT,
    expiresAt: AT + 79_200_000,
    ip: '198.51.100.4',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
  {
    sessionId: 's-2',
    current: false,
    createdAt: AT - 86_000_000,
    lastActiveAt: AT - 3_600_000,
    expiresAt: AT + 400_000,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
];

/** The server as the stories see it, keyed by path (mocked at the HTTP boundary). */
function answers(overrides: Record<string, unknown> = {}): HttpClient {
  return cannedHttp({
    '/security/enable': { securityToken: 'st-story', expiresIn: 300 },
    [`/security/${ID}/disable`]: { disabled: true },
    [`/account/${ID}/mfa/getMfaFeatureStatus`]: off,
    [`/account/${ID}/defaultTime`]: { expireTime: 86400, options: [10800, 21600, 86400, 604800, 2592000] },
    [`/account/${ID}/sessions`]: { sessions },
    [`/account/${ID}/security-events`]: storyActivity,
    '/account/mfa/getTOTPUrl': { otpauthUrl: 'otpauth://totp/demo', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qrCode: STORY_QR_PNG, expiresIn: 600 },
    '/email/code': { resendAfterSeconds: 60, expiresIn: 600 },
    ...overrides,
  });
}

// Play helpers: no pointer clicks (Loki disables pointer events), so fields are set and forms submitted directly.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The element whose own text (not a descendant's) contains `text`. */
const byText = (text: string) => () =>
  [...document.querySelectorAll('body *')].find((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes(text)));
const button = (name: string) => () => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name && !b.disabled);
const input = (label: string) => () => {
  const forLabel = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  return forLabel ? document.getElementById(forLabel.htmlFor) : null;
};

/** Types into a React-controlled input the way a user would (the value setter React watches, then an input event). */
function typeInto(el: Element, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
/** Types digits into the six code boxes (each keydown moves the focus on). */
async function typeCode(dialog: Element, code: string) {
  (dialog.querySelector('input[inputmode="numeric"], input:not([type="hidden"])') as HTMLInputElement).focus();
  for (const digit of code) {
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: digit, bubbles: true }));
    await sleep(0);
  }
}
async function press(name: string) {
  (await until(button(name), `button ${name}`) as HTMLButtonElement).click();
}
async function unlock(password = 'Demo-pass-2024') {
  typeInto(await until(input('Account password'), 'password field'), password);
  (document.querySelector('form[aria-labelledby="security-lock-heading"]') as HTMLFormElement).requestSubmit();
}
async function unlocked() {
  await unlock();
  await until(byText('Locks again in'), 'the countdown');
}
/**
 * The overview's lines load lazily (their plugin's code, then their data): a screenshot waits until each
 * line has its name and, unless `loadingOnly`, its state, or the page's height would depend on timing.
 */
async function overviewSettled(loadingOnly = false) {
  await until(() => {
    const lines = [...document.querySelectorAll('[data-security-overview] > li')];
    return lines.length > 0 && lines.every((li) => li.querySelector('a') && (loadingOnly || li.querySelector('[data-summary-tone]'))) ? lines[0] : undefined;
  }, 'the overview');
}
const dialog = () => until(() => document.querySelector('[role="dialog"], [role="alertdialog"]'), 'a dialog');

const meta: Meta = {
  title: 'Plugins/Security/SecurityPage',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([security]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? answers()} user={demoUser} path="/accountSetting/security">
      {/* A frozen clock: the countdowns stay at their first value, so screenshots never move. */}
      <ClockContext.Provider value={frozenClock(AT)}>
        <div style={{ padding: 16 }}>
          <SecurityPage timeZone="UTC" />
        </div>
      </ClockContext.Provider>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** Locked by default: the password form; 2FA off; the session timeout and the session list (this device marked) are readable. */
export const Locked: Story = {
  play: async () => {
    await overviewSettled();
    await until(byText('Signed-in devices'), 'the page');
    await until(byText('This device'), 'the sessions');
    await until(byText('Sign-in refused'), 'the recent activity');
  },
};

/** Before the server answers: each section shows its loading line (requests that never answer). */
export const Loading: Story = {
  parameters: { http: { get: () => new Promise(() => undefined), post: () => new Promise(() => undefined) } as unknown as HttpClient },
  play: async () => {
    await overviewSettled(true);
    await until(byText('Loading devices…'), 'the loading state');
  },
};

/** Unlocking with a wrong password (-20601): the message on the field. */
export const WrongPassword: Story = {
  parameters: { http: answers({ '/security/enable': new ApiError(-20601, 'wrong', 400) }) },
  play: async () => {
    await overviewSettled();
    await unlock('Wrong-pass-1');
    await until(byText('Incorrect password.'), 'the error');
  },
};

/** Wrong unlock passwords count like sign-in failures: the one before the last warns of the lock. */
export const UnlockLastAttempt: Story = {
  parameters: { http: answers({ '/security/enable': new ApiError(-20601, 'wrong', 400, { remainAttempts: 1, failedAttempts: 4, lockedMinutes: 30 }) }) },
  play: async () => {
    await overviewSettled();
    await unlock('Wrong-pass-4');
    await until(byText('One more failed attempt locks your account'), 'the warning');
  },
};

/** The account is locked (-20004, or the fifth wrong password): the lock with its minutes; the form waits it out. */
export const UnlockAccountLocked: Story = {
  parameters: { http: answers({ '/security/enable': new ApiError(-20004, 'locked', 423, { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 }) }) },
  play: async () => {
    await overviewSettled();
    await unlock();
    await until(byText('Your account is locked for 30 min'), 'the lock');
  },
};

/** Unlocked: the visible countdown (frozen at 5:00) and Lock now; the sensitive buttons are enabled. */
export const Unlocked: Story = {
  play: async () => {
    await overviewSettled();
    await unlocked();
  },
};

/** Change-password errors: the new password equals the old one; the confirmation does not match. */
export const PasswordErrors: Story = {
  play: async () => {
    await overviewSettled();
    await unlocked();
    typeInto(await until(input('Current password'), 'old'), 'Same-pass-1');
    typeInto(await until(input('New password'), 'new'), 'Same-pass-1');
    typeInto(await until(input('Confirm new password'), 'confirm'), 'Other-pass-2');
    (document.querySelector('#security-password-heading')!.closest('section')!.querySelector('form') as HTMLFormElement).requestSubmit();
    await until(byText('Password and Confirm Password inconsistent!'), 'the mismatch');
  },
};

/** The server refuses the old password (-20601): on its field, the rest kept. */
export const PasswordWrongOld: Story = {
  parameters: { http: answers({ [`/accounts/${ID}/password`]: new ApiError(-20601, 'wrong', 400) }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    typeInto(await until(input('Current password'), 'old'), 'Old-pass-1');
    typeInto(await until(input('New password'), 'new'), 'Newer-pass-2');
    typeInto(await until(input('Confirm new password'), 'confirm'), 'Newer-pass-2');
    (document.querySelector('#security-password-heading')!.closest('section')!.querySelector('form') as HTMLFormElement).requestSubmit();
    await until(byText('Incorrect ID or password.'), 'the error');
  },
};

/** The server refuses the new password as commonly used (-3065): the reason on its field, the meter reads weak. */
export const PasswordCommon: Story = {
  parameters: { http: answers({ [`/accounts/${ID}/password`]: new ApiError(-3065, 'too common', 400) }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    typeInto(await until(input('Current password'), 'old'), 'Old-pass-1');
    typeInto(await until(input('New password'), 'new'), 'Left4dead');
    typeInto(await until(input('Confirm new password'), 'confirm'), 'Left4dead');
    (document.querySelector('#security-password-heading')!.closest('section')!.querySelector('form') as HTMLFormElement).requestSubmit();
    await until(byText('This password is too common'), 'the error');
  },
};

/** Two-factor on with one method: no Remove, a hint to turn it off instead, the other method to add. */
export const TwoFactorOneMethod: Story = {
  parameters: { http: answers({ [`/account/${ID}/mfa/getMfaFeatureStatus`]: totpOnly }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
  },
};

/** Two-factor on with two methods: email primary first, the app can be made primary, both removable. */
export const TwoFactorTwoMethods: Story = {
  parameters: { http: answers({ [`/account/${ID}/mfa/getMfaFeatureStatus`]: both }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
  },
};

/** The deployment offers no two-step method in the account's region (mfa off there): none to set up, and a note why. */
export const TwoFactorNotOffered: Story = {
  parameters: { http: answers({ [`/account/${ID}/mfa/getMfaFeatureStatus`]: { ...off, offeredMFATypes: [] } }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
  },
};

/** The authenticator-app enrolment dialog: steps, QR image, manual key with copy, code boxes. */
export const TotpEnrolment: Story = {
  parameters: portal,
  play: async () => {
    await overviewSettled();
    await unlocked();
    await press('Turn on with an authenticator app');
    await until(() => document.querySelector('[role="dialog"] img'), 'the QR code');
  },
};

/** A wrong code in the enrolment dialog (-20607): attempts left, boxes emptied. */
export const TotpWrongCode: Story = {
  parameters: { ...portal, http: answers({ '/account/mfa/enable': new ApiError(-20607, 'wrong', 400, { remainAttempts: 4 }) }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    await press('Turn on with an authenticator app');
    const d = await dialog();
    await until(() => d.querySelector('img'), 'the QR code');
    await typeCode(d, '123456');
    (d.querySelector('form') as HTMLFormElement).requestSubmit();
    await until(byText('Attempts left: 4'), 'the error');
  },
};

/** The email enrolment dialog after sending: the resend countdown (frozen at 60 s) and the code boxes. */
export const EmailEnrolment: Story = {
  parameters: portal,
  play: async () => {
    await overviewSettled();
    await unlocked();
    await press('Turn on with email codes');
    await dialog();
    await press('Send code');
    await until(byText('Send a new code in 60 s'), 'the countdown');
  },
};

/** An expired email code (-20676): send a new one. */
export const EmailCodeExpired: Story = {
  parameters: { ...portal, http: answers({ '/account/mfa/enable': new ApiError(-20676, 'invalid', 400) }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    await press('Turn on with email codes');
    const d = await dialog();
    await press('Send code');
    await until(byText('Send a new code in 60 s'), 'the countdown');
    await typeCode(d, '246810');
    (d.querySelector('form') as HTMLFormElement).requestSubmit();
    await until(byText('Send a new code and try again.'), 'the tip');
  },
};

/** The server refused the security token in a dialog (-20214): close the dialog and retry. */
export const DialogSessionTimeout: Story = {
  parameters: { ...portal, http: answers({ '/account/mfa/getTOTPUrl': new ApiError(-20214, 'token failure', 403) }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    await press('Turn on with an authenticator app');
    await until(byText('Close this dialog, unlock the settings again and retry.'), 'the message');
  },
};

/** Turning two-factor off: the confirm dialog. */
export const DisableConfirm: Story = {
  parameters: { ...portal, http: answers({ [`/account/${ID}/mfa/getMfaFeatureStatus`]: both }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    await press('Turn off two-factor authentication');
    await dialog();
  },
};

/** Session timeout with 6 hours chosen (not the default), so Reset to default is available. */
export const TimeoutSixHours: Story = {
  parameters: { http: answers({ [`/account/${ID}/defaultTime`]: { expireTime: 21600, options: [] } }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
    await until(byText('Current setting: 6 hours'), 'the timeout');
  },
};

/** 'Log out other devices': the confirm dialog naming how many. */
export const LogoutOthersConfirm: Story = {
  parameters: portal,
  play: async () => {
    await overviewSettled();
    await unlocked();
    await until(byText('This device'), 'the sessions');
    await press('Log out other devices');
    await until(byText('Every other device (1)'), 'the dialog');
  },
};

export const RightToLeft: Story = {
  parameters: { dir: 'rtl', http: answers({ [`/account/${ID}/mfa/getMfaFeatureStatus`]: both }) },
  play: async () => {
    await overviewSettled();
    await unlocked();
  },
};

export const DarkTheme: Story = {
  parameters: { theme: 'midnight' },
  play: async () => {
    await overviewSettled();
    await until(byText('This device'), 'the sessions');
    await until(byText('Sign-in refused'), 'the recent activity');
  },
};

/** The page with every plugin that adds a card on: the overview's line for each, two-step on, and the cards they lead to. */
const everyCard = async (): Promise<Loaded> => ({ registry: await testRegistry([security, ...(await pluginsById('passkeys', 'recovery-codes', 'trusted-device'))]) });
const passkey = (id: string, name: string) => ({ id, name, createdAt: AT - 86_400_000 * 40, lastUsedAt: AT - 3_600_000, backedUp: true, transports: ['internal'] });
const overviewAnswers = (overrides: Record<string, unknown> = {}) =>
  answers({
    [`/account/${ID}/mfa/getMfaFeatureStatus`]: totpOnly,
    [`/account/${ID}/recovery-codes`]: { generatedAt: AT - 86_400_000 * 30, remaining: 7, total: 10 },
    [`/account/${ID}/passkeys`]: { passkeys: [passkey('p-1', 'MacBook'), passkey('p-2', 'Phone')] },
    [`/account/${ID}/trusted-devices`]: { devices: [{ deviceId: 'd-1', current: true, createdAt: AT - 86_400_000, lastUsedAt: AT, expiresAt: AT + 86_400_000 * 29, ip: '198.51.100.4', userAgent: sessions[0]!.userAgent }] },
    ...overrides,
  });
const overviewLoaded = async () => {
  await until(byText('7 of 10 left'), 'the recovery codes line');
  await until(byText('Last sign-in'), 'the last sign-in line');
  await until(byText('Signed-in devices'), 'the page');
};

/** The overview at the top: two-step on (its method), passkeys, recovery codes left, trusted devices, the last sign-in. */
export const Overview: Story = {
  loaders: [everyCard],
  parameters: { http: overviewAnswers() },
  play: async () => {
    await overviewSettled();
    await overviewLoaded();
  },
};

/** What wants a look is marked: two-step off, few recovery codes left. */
export const OverviewAttention: Story = {
  loaders: [everyCard],
  parameters: {
    http: overviewAnswers({
      [`/account/${ID}/mfa/getMfaFeatureStatus`]: off,
      [`/account/${ID}/recovery-codes`]: { generatedAt: AT - 86_400_000 * 90, remaining: 2, total: 10 },
      [`/account/${ID}/passkeys`]: { passkeys: [] },
      [`/account/${ID}/trusted-devices`]: { devices: [] },
    }),
  },
  play: async () => {
    await overviewSettled();
    await until(byText('2 of 10 left'), 'the recovery codes line');
    await until(byText('Last sign-in'), 'the last sign-in line');
  },
};

/** The overview in Arabic: mirrored, its counts and dates in Arabic digits. */
export const OverviewArabic: Story = inArabic(Overview, {
  play: async () => {
    await overviewSettled();
    await until(byText('متبقٍ'), 'the recovery codes line');
    await until(byText('آخر تسجيل دخول'), 'the last sign-in line');
  },
});

/** In Arabic, unlocked: the sections, the methods list and the sessions mirrored. */
export const Arabic: Story = inArabic(RightToLeft, {
  play: async () => {
    await overviewSettled();
    typeInto(await until(input('كلمة مرور الحساب'), 'password field'), 'Demo-pass-2024');
    (document.querySelector('form[aria-labelledby="security-lock-heading"]') as HTMLFormElement).requestSubmit();
    await until(byText('تُقفل مجددًا بعد'), 'the countdown');
  },
});
