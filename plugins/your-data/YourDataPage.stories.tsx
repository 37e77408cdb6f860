import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, ERROR_CODES, type HttpClient, type Registry } from '@portal/plugin-api';
import { demoUser, inArabic, pendingHttp, press, StoryPortal, testRegistry, typeInto, until, untilText } from '@portal/plugin-api/testing';
import type { DataExport, DataExportResult } from './contract';
import yourData from './index';
import YourDataPage from './YourDataPage';

type Loaded = { registry: Registry };

const ASKED = Date.UTC(2026, 10, 27, 9, 30);
const READY: DataExport = { state: 'ready', requestedAt: ASKED, readyAt: ASKED + 42_000, expiresAt: ASKED + 42_000 + 7 * 86_400_000, size: 1_284_000, downloadedAt: null };
const MAKING: DataExport = { state: 'queued', requestedAt: ASKED, readyAt: null, expiresAt: null, size: null, downloadedAt: null };

/** The page's calls by method: the copy's state (GET), asking (POST), and the download's answer. */
function exportHttp(copy: DataExport | null, more: { asked?: DataExport | ApiError; download?: Blob | ApiError } = {}): HttpClient {
  const settle = <T,>(value: T | ApiError) => (value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value));
  return {
    get: () => Promise.resolve<DataExportResult>({ export: copy }),
    post: (path: string) => (path.endsWith('/download') ? settle(more.download ?? new Blob(['PK'])) : settle<DataExportResult | ApiError>(more.asked instanceof ApiError ? more.asked : { export: more.asked ?? MAKING })),
    delete: () => Promise.resolve<DataExportResult>({ export: null }),
  } as unknown as HttpClient;
}

/** Types a password and presses Download. */
async function downloadWith(root: HTMLElement, password: string): Promise<void> {
  typeInto(await until(() => root.querySelector<HTMLInputElement>('input[type="password"]'), 'the password field'), password);
  await press(root, 'Download');
}

/**
 * "Your data": asking for a copy of everything kept about you, the copy being made, and its
 * download with the password. Mocked at the HTTP boundary; times in UTC.
 */
const meta: Meta = {
  title: 'Plugins/YourData/YourDataPage',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([yourData]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={parameters.http as HttpClient} user={demoUser} path="/accountSetting/your-data">
      <div style={{ padding: 16 }}>
        <YourDataPage timeZone="UTC" />
      </div>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** The copy's state is read. */
export const Loading: Story = { parameters: { http: pendingHttp } };

/** The state could not be read: said, with a way to try again. */
export const LoadFailed: Story = {
  parameters: { http: { get: () => Promise.reject(new ApiError(0, undefined, 0)) } as unknown as HttpClient },
};

/** No copy yet: what it holds, how it comes, and the one button. */
export const NoCopy: Story = { parameters: { http: exportHttp(null) } };

/** Asked for: being made in the background, mailed when ready. */
export const Making: Story = { parameters: { http: exportHttp(MAKING) } };

/** Asking, from no copy: the page turns to "being made" at once. */
export const Asked: Story = {
  parameters: { http: exportHttp(null) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Ask for a copy');
    await untilText(canvasElement, 'We are making your copy');
  },
};

/** Ready: when, how big, until when, and the password before the download. */
export const Ready: Story = { parameters: { http: exportHttp(READY) } };

/** Ready and downloaded once already. */
export const Downloaded: Story = { parameters: { http: exportHttp({ ...READY, downloadedAt: ASKED + 3_600_000 }) } };

/** Download without a password: said at the field. */
export const PasswordMissing: Story = {
  parameters: { http: exportHttp(READY) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Download');
    await untilText(canvasElement, 'Enter your password.');
  },
};

/** A wrong password: said at the field, with the attempts left before the account locks. */
export const WrongPassword: Story = {
  parameters: { http: exportHttp(READY, { download: new ApiError(ERROR_CODES.wrongCredentials, undefined, 400, { remainAttempts: 2, failedAttempts: 3, lockedMinutes: 0 }) }) },
  play: async ({ canvasElement }) => {
    await downloadWith(canvasElement, 'not-my-password');
    await untilText(canvasElement, '2 attempts left');
  },
};

/** Too many wrong passwords: the account is locked, for how long. */
export const Locked: Story = {
  parameters: { http: exportHttp(READY, { download: new ApiError(ERROR_CODES.accountLocked, undefined, 400, { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 25 }) }) },
  play: async ({ canvasElement }) => {
    await downloadWith(canvasElement, 'not-my-password');
    await untilText(canvasElement, 'Your account is locked');
  },
};

/** An ID made at another provider has no password of its own yet: how to set one. */
export const NoPasswordYet: Story = {
  parameters: { http: exportHttp(READY, { download: new ApiError(ERROR_CODES.invalidParameter, undefined, 409, { field: 'password', reason: 'notSet' }) }) },
  play: async ({ canvasElement }) => {
    await downloadWith(canvasElement, 'anything');
    await untilText(canvasElement, 'has no password yet');
  },
};

/** The job gave up: said, with a way to ask again. */
export const Failed: Story = { parameters: { http: exportHttp({ ...MAKING, state: 'failed', expiresAt: ASKED + 7 * 86_400_000 }) } };

export const DarkTheme: Story = { ...Ready, parameters: { ...Ready.parameters, theme: 'midnight' } };

export const RightToLeft: Story = { ...Ready, parameters: { ...Ready.parameters, dir: 'rtl' } };

export const Arabic: Story = inArabic(RightToLeft);
