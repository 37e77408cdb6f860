import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type LoginPageServices, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, LoginViewStory, pendingHttp, press, testRegistry, typeInto, until, untilText, withClientTheme } from '@portal/plugin-api/testing';
import EmailCodeView from './EmailCodeView';
import emailCode from './index';

/*
 * The 'emailCode' login view: the code mailed for this sign-in, the mailed link signing in, and the
 * address asked for again. Mocked at the HTTP boundary (`parameters.http`); countdowns are frozen.
 */

type Loaded = { registry: Registry };

const EMAIL = 'ana.novak@partner-example.com';
const MAILED = { email: EMAIL, processId: 'p-story', resendAfterSeconds: 0, expiresIn: 600 };
/** A mailed link's token: process, link token, base64url of the address. */
const LINK_TOKEN = `p-story.${'S'.repeat(43)}.YW5hLm5vdmFrQHBhcnRuZXItZXhhbXBsZS5jb20`;

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story&module=emailCode'),
};

const signInFails = (error: ApiError) => cannedHttp({ '/login': error });

/** Types `code` and submits (no clicks: Loki disables pointer events), then waits until `text` shows. */
async function submitCode(canvasElement: HTMLElement, code: string, text?: string) {
  const field = await until(() => canvasElement.querySelector<HTMLInputElement>('input[name="emailCode"]'), 'the code field');
  typeInto(field, code);
  field.form?.requestSubmit();
  if (text) await untilText(canvasElement, text);
}

const meta: Meta = {
  title: 'Plugins/EmailCode/EmailCodeView',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([emailCode]) })],
  render: (_args, { loaded, parameters }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? cannedHttp({})} loginPage={loginPage} width={400}>
      <EmailCodeView goTo={() => undefined} data={parameters.data} linkToken={(parameters.linkToken as string | undefined) ?? null} />
    </LoginViewStory>
  ),
};
export default meta;
type Story = StoryObj;

/** Arrived from "Email me a sign-in code": the code's field, focused. */
export const CodeEntry: Story = { parameters: { data: MAILED } };

/** -20601 with attempts left: said on the field, the typed code kept. */
export const WrongCode: Story = {
  parameters: { data: MAILED, http: signInFails(new ApiError(-20601, 'wrong', 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 15 })) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', '3 attempts left.'),
};

/** One attempt left: the warning names the lock it would bring. */
export const LastAttempt: Story = {
  parameters: { data: MAILED, http: signInFails(new ApiError(-20601, 'wrong', 400, { remainAttempts: 1, failedAttempts: 4, lockedMinutes: 15 })) },
  play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'One more failed attempt'),
};

/** -20676: the code expired, was used, or a newer one replaced it. */
export const ExpiredCode: Story = {
  parameters: { data: MAILED, http: signInFails(new ApiError(-20676, 'expired', 400)) },
  play: ({ canvasElement }) => submitCode(canvasElement, '123456', 'Send a new code.'),
};

/** Just mailed: a new code may be sent in 42 s (frozen). */
export const ResendCountdown: Story = { parameters: { data: { ...MAILED, resendAfterSeconds: 42 } } };

/** A new code asked for too soon (-60001): how long to wait. */
export const ResendRateLimited: Story = {
  parameters: { data: MAILED, http: cannedHttp({ '/login/email-code': new ApiError(-60001, 'wait', 429, { retryAfterSeconds: 37 }) }) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Send a new code');
    await untilText(canvasElement, 'Try again in 37 s.');
  },
};

/** Opened from the mail's link: signing in at once. */
export const LinkSigningIn: Story = {
  parameters: { linkToken: LINK_TOKEN, http: pendingHttp },
  play: ({ canvasElement }) => untilText(canvasElement, 'Signing you in…'),
};

/** The link expired or was used: a new code to the same address. */
export const LinkExpired: Story = {
  parameters: { linkToken: LINK_TOKEN, http: signInFails(new ApiError(-20676, 'expired', 400)) },
  play: ({ canvasElement }) => untilText(canvasElement, 'This link has expired or was already used'),
};

/** The mailed link opened in another browser than the one that asked (forwarded, another device): where it works. */
export const LinkOtherBrowser: Story = {
  parameters: { linkToken: LINK_TOKEN, http: signInFails(new ApiError(-20676, 'other browser', 400, { reason: 'otherBrowser' })) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Open this link where you asked for the code'),
};

/** Opened with nothing (a reload): the address to mail a code to. */
export const SendMode: Story = { parameters: { data: { email: EMAIL } } };

/** The code is being checked. */
export const Submitting: Story = {
  parameters: { data: MAILED, http: pendingHttp },
  play: async ({ canvasElement }) => {
    await submitCode(canvasElement, '123456');
    await until(() => canvasElement.querySelector('button[aria-busy="true"]'), 'the busy button');
  },
};

export const RightToLeft: Story = { ...WrongCode, parameters: { ...WrongCode.parameters, dir: 'rtl' } };

/** A connected service's theme (the green partner). */
export const ClientTheme: Story = withClientTheme(CodeEntry);

export const DarkTheme: Story = { ...WrongCode, parameters: { ...WrongCode.parameters, theme: 'midnight' } };

export const Arabic: Story = inArabic(WrongCode, { play: ({ canvasElement }) => submitCode(canvasElement, '111111', 'الرمز غير صحيح.') });
