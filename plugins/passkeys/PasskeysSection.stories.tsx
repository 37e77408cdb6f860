import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, CONTENT_WIDTH, type HttpClient, type PasskeyItem, type Registry } from '@portal/plugin-api';
import { cannedHttp, demoUser, inArabic, press, StoryPortal, testRegistry, typeInto, until, untilText } from '@portal/plugin-api/testing';
import passkeys from './index';
import PasskeysSection from './PasskeysSection';
import { installFakeWebAuthn, notAllowed, webAuthnError } from './testing';

/*
 * The passkeys card of the security page, mocked at the HTTP boundary and at WebAuthn (a fake
 * authenticator). Dates in UTC. Shot as an account page (375, 1024 and 1366).
 */

type Loaded = { registry: Registry };

interface Params {
  http?: HttpClient;
  unlocked?: boolean;
  cancel?: boolean;
  /** A browser, or an app's web view, without WebAuthn. */
  noWebAuthn?: boolean;
  /** Inside a partner app (the app deployment configs). */
  app?: boolean;
  /** The web view has WebAuthn but refuses this site (the app is not associated with it). */
  siteRefused?: boolean;
  /** The browser refuses the creation with this error. */
  fail?: Error;
}

/** Fixed, so the picture does not follow the port Storybook is served on. */
const ADDRESS = 'https://id.example.com/accountSetting/security';

const ID = demoUser.accountId;
const LAPTOP: PasskeyItem = { id: 'cred-1', name: 'Work laptop (Chrome on Windows)', createdAt: Date.UTC(2024, 3, 2, 9), lastUsedAt: Date.UTC(2024, 4, 1, 8), synced: false };
const PHONE: PasskeyItem = { id: 'cred-2', name: 'Pixel 8', createdAt: Date.UTC(2024, 4, 3, 12), lastUsedAt: null, synced: true };

const answers = (list: PasskeyItem[] = [LAPTOP, PHONE]) => cannedHttp({ [`/account/${ID}/passkeys`]: { passkeys: list } });

const meta: Meta = {
  title: 'Plugins/Passkeys/PasskeysSection',
  loaders: [
    async ({ parameters }): Promise<Loaded> => {
      const p = parameters as Params;
      const fake = installFakeWebAuthn();
      if (p.cancel) fake.create.fail = notAllowed();
      if (p.siteRefused) fake.create.fail = Object.assign(new Error('The calling application is not associated with the relying party.'), { name: 'SecurityError' });
      if (p.fail) fake.create.fail = p.fail;
      if (p.noWebAuthn) fake.restore();
      return { registry: await testRegistry([passkeys]) };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    return (
      <StoryPortal registry={(loaded as Loaded).registry} http={p.http ?? answers()} user={demoUser} path="/accountSetting/security" config={p.app ? { variant: 'app' } : undefined}>
        <div css={{ maxWidth: CONTENT_WIDTH, padding: 16 }}>
          <PasskeysSection unlocked={p.unlocked ?? true} guard={(call) => call()} timeZone="UTC" browserAddress={ADDRESS} />
        </div>
      </StoryPortal>
    );
  },
};
export default meta;
type Story = StoryObj;

const listed = (root: HTMLElement) => untilText(root, 'Pixel 8');
const OPTIONS = { options: { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Unified ID' }, user: { id: 'dQ', name: 'ana', displayName: 'Ana' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] } };

/** Unlocked: the passkeys with when they were added and last used; add, rename, remove. */
export const Unlocked: Story = { play: ({ canvasElement }) => listed(canvasElement) };

/** Locked: the same list, every change disabled until the page is unlocked. */
export const Locked: Story = { parameters: { unlocked: false }, play: ({ canvasElement }) => listed(canvasElement) };

export const NoPasskeys: Story = {
  parameters: { http: answers([]) },
  play: ({ canvasElement }) => untilText(canvasElement, 'You have no passkeys yet.'),
};

export const Loading: Story = {
  parameters: { http: { get: () => new Promise(() => undefined), post: () => new Promise(() => undefined) } as unknown as HttpClient },
  play: ({ canvasElement }) => untilText(canvasElement, 'Loading your passkeys'),
};

export const LoadFailed: Story = {
  parameters: { http: cannedHttp({ [`/account/${ID}/passkeys`]: new ApiError(-10000, 'unexpected', 500) }) },
  play: async ({ canvasElement }) => {
    await until(() => canvasElement.querySelector('[role="alert"]'), 'the error');
  },
};

/** "Add a passkey": the name, the device suggested. */
export const Adding: Story = {
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Add a passkey');
    const field = await until(() => canvasElement.querySelector<HTMLInputElement>('form input'), 'the name field');
    typeInto(field, 'Desk key');
    await until(() => field.value === 'Desk key', 'the typed name');
  },
};

/** The browser's prompt was dismissed: nothing created, the form stays. */
export const AddCancelled: Story = {
  parameters: { cancel: true, http: cannedHttp({ [`/account/${ID}/passkeys`]: { passkeys: [LAPTOP, PHONE] }, '/passkeys/register/options': OPTIONS }) },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Add a passkey');
    await until(() => canvasElement.querySelector('form input'), 'the name field');
    canvasElement.querySelector<HTMLFormElement>('form')!.requestSubmit();
    await untilText(canvasElement, 'No passkey was created.');
  },
};

/** This device already holds a passkey of the account (InvalidStateError): said in words, the form stays (issue 27). */
export const AddAlreadyOnDevice: Story = {
  parameters: {
    fail: webAuthnError('InvalidStateError', 'The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.'),
    http: cannedHttp({ [`/account/${ID}/passkeys`]: { passkeys: [LAPTOP, PHONE] }, '/passkeys/register/options': OPTIONS }),
  },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Add a passkey');
    await until(() => canvasElement.querySelector('form input'), 'the name field');
    canvasElement.querySelector<HTMLFormElement>('form')!.requestSubmit();
    await untilText(canvasElement, 'already has a passkey for your account');
  },
};

export const Renaming: Story = {
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Rename passkey Pixel 8');
    await untilText(canvasElement, 'New name');
  },
};

/** Remove asks first, in the row. */
export const ConfirmRemove: Story = {
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Remove passkey Pixel 8');
    await untilText(canvasElement, 'You can no longer sign in with it.');
  },
};

/** A browser without WebAuthn: the button is disabled and says why. */
export const Unsupported: Story = {
  parameters: { noWebAuthn: true },
  play: ({ canvasElement }) => untilText(canvasElement, 'This browser cannot create passkeys.'),
};

/** Inside a partner app whose web view has no WebAuthn: where to add one; the list still renames and removes. */
export const InAppWithoutWebAuthn: Story = {
  parameters: { app: true, noWebAuthn: true },
  play: ({ canvasElement }) => untilText(canvasElement, 'Passkeys can’t be added in this app.'),
};

/** Inside a partner app whose web view has WebAuthn but not for this site: the same advice, as an error, in place of the form. */
export const InAppSiteRefused: Story = {
  parameters: { app: true, siteRefused: true, http: cannedHttp({ [`/account/${ID}/passkeys`]: { passkeys: [LAPTOP, PHONE] }, '/passkeys/register/options': OPTIONS }) },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
    await press(canvasElement, 'Add a passkey');
    await until(() => canvasElement.querySelector('form input'), 'the name field');
    canvasElement.querySelector<HTMLFormElement>('form')!.requestSubmit();
    await until(() => canvasElement.querySelector('[role="alert"]'), 'the advice');
  },
};

/** The app advice right to left: the address still reads left to right. */
export const ArabicApp: Story = inArabic(InAppWithoutWebAuthn, {
  play: ({ canvasElement }) => untilText(canvasElement, ADDRESS),
});
