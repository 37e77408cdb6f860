import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, CONTENT_WIDTH, definePlugin, EXTERNAL_BROWSER_POINT, type ExternalOpenResult, type HttpClient, type Registry } from '@portal/plugin-api';
import { cannedHttp, demoUser, inArabic, press, StoryPortal, testRegistry, until, untilText } from '@portal/plugin-api/testing';
import type { LinkedIdentityView, LinkedSignIns as LinkedSignInsData } from './contract';
import socialSignIn from './index';
import LinkedSignIns from './LinkedSignIns';

/*
 * The linked sign-ins card of the security page, mocked at the HTTP boundary by path. Dates in
 * UTC. Shot as an account page (375, 1024 and 1366).
 */

type Loaded = { registry: Registry; inApp: Registry; noBrowser: Registry };

/** The partner app's bridge to the device's browser, answering as the story says (the partner-app plugin contributes the real one). */
const deviceBrowser = (result: ExternalOpenResult) =>
  definePlugin({
    id: `story-device-browser-${result}`,
    register(ctx) {
      ctx.contribute(EXTERNAL_BROWSER_POINT, { open: () => result });
    },
  });

interface Params {
  http?: HttpClient;
  unlocked?: boolean;
  /** Inside a partner app (the app deployment configs), whose bridge hands pages to the device's browser (or is missing). */
  app?: boolean | 'noBrowser';
}

const ID = encodeURIComponent(demoUser.accountId);
const LINKED = `/accounts/${ID}/linked-sign-ins`;

const GOOGLE: LinkedIdentityView = { id: 'social-google-1', kind: 'social', provider: 'google', email: 'ada.lovelace@gmail.example', linkedAt: Date.UTC(2024, 3, 2, 9), removable: true };
const COMPANY: LinkedIdentityView = { id: 'enterprise-org-7', kind: 'enterprise', provider: 'Contoso Demo Ltd', email: null, linkedAt: Date.UTC(2024, 2, 14, 16), removable: false };

const NONE: LinkedSignInsData = { identities: [], linkable: ['google'], passwordSet: true };
const LINKED_TWO: LinkedSignInsData = { identities: [GOOGLE, COMPANY], linkable: ['microsoft'], passwordSet: true };
/** Made from a Google sign-in: no password, Google the only way in. */
const NO_PASSWORD: LinkedSignInsData = { identities: [GOOGLE], linkable: [], passwordSet: false };

const answers = (data: LinkedSignInsData, more: Record<string, unknown> = {}) => cannedHttp({ [LINKED]: data, ...more });

const meta: Meta = {
  title: 'Plugins/SocialSignIn/LinkedSignIns',
  loaders: [
    async (): Promise<Loaded> => ({
      registry: await testRegistry([socialSignIn]),
      inApp: await testRegistry([socialSignIn, deviceBrowser('sent')]),
      noBrowser: await testRegistry([socialSignIn, deviceBrowser('missing')]),
    }),
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    const registries = loaded as Loaded;
    return (
      <StoryPortal registry={p.app === 'noBrowser' ? registries.noBrowser : p.app ? registries.inApp : registries.registry} http={p.http ?? answers(LINKED_TWO)} user={demoUser} path="/accountSetting/security" config={p.app ? { variant: 'app' } : undefined}>
        <div css={{ maxWidth: CONTENT_WIDTH, padding: 16 }}>
          <LinkedSignIns unlocked={p.unlocked ?? true} guard={(call) => call()} timeZone="UTC" />
        </div>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

const listed = (root: HTMLElement) => untilText(root, 'Linked on');

/** Nothing linked yet: the provider the region offers, to link. */
export const None: Story = {
  parameters: { http: answers(NONE) },
  play: ({ canvasElement }) => untilText(canvasElement, 'No other account is linked.'),
};

/** Google and a company's sign-in (which the company requires: not removable); Microsoft still to link. */
export const Linked: Story = { play: ({ canvasElement }) => listed(canvasElement) };

/** An ID made from a Google sign-in: no password yet, how to set one. */
export const NoPassword: Story = {
  parameters: { http: answers(NO_PASSWORD) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Your ID has no password yet'),
};

/** Locked: the same list, every change disabled until the page is unlocked. */
export const Locked: Story = { parameters: { unlocked: false }, play: ({ canvasElement }) => listed(canvasElement) };

/** Unlink asks first, in the row. */
export const ConfirmUnlink: Story = {
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Unlink Google');
    await untilText(canvasElement, 'Unlink Google? It will no longer sign you in.');
  },
};

/** The only way in (no password, no passkey) is never unlinked: the server refuses, the card says what to do first. */
export const LastWayIn: Story = {
  parameters: { http: answers(NO_PASSWORD, { [`${LINKED}/unlink`]: new ApiError(-10020, 'The last way to sign in cannot be unlinked.', 400, { field: 'identity', reason: 'lastWayIn' }) }) },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Unlink Google');
    await press(canvasElement, 'Unlink');
    await untilText(canvasElement, 'This is your only way to sign in.');
  },
};

export const LoadFailed: Story = {
  parameters: { http: cannedHttp({ [LINKED]: new ApiError(-10000, 'unexpected', 500) }) },
  play: async ({ canvasElement }) => {
    await until(() => canvasElement.querySelector('[role="alert"]'), 'the error');
  },
};

/** Inside a partner app: the same card; linking opens the provider in the device's browser (the app's bridge). */
export const InApp: Story = { parameters: { app: true }, play: ({ canvasElement }) => listed(canvasElement) };

const APP_TICKET = { [`${LINKED}/app-link`]: { url: 'http://localhost:6006/social/app-link#token=story-ticket', expiresIn: 300 } };

/** "Link Microsoft" in the app: the device's browser has the provider; the card waits for the link to show up. */
export const InAppAwaiting: Story = {
  parameters: { app: true, http: answers(LINKED_TWO, APP_TICKET) },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Link Microsoft');
    await untilText(canvasElement, 'Finish linking Microsoft in your browser');
  },
};

/** An app without the bridge (an old version): the card says so, and where else to link. */
export const InAppNoBrowser: Story = {
  parameters: { app: 'noBrowser', http: answers(LINKED_TWO, APP_TICKET) },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Link Microsoft');
    await until(() => canvasElement.querySelector('[role="alert"]'), 'the error');
  },
};

/** Right to left: the question in the row, the dates in Arabic. */
export const Arabic: Story = inArabic(ConfirmUnlink, {
  play: async ({ canvasElement }) => {
    // Found by its place rather than its name: in Arabic the provider's name is isolated (U+2068…U+2069).
    const unlink = await until(() => canvasElement.querySelector<HTMLButtonElement>('li button:not(:disabled)'), 'the first row’s unlink button');
    unlink.click();
    await until(() => canvasElement.querySelector('li [role="group"]'), 'the question in the row');
  },
});
