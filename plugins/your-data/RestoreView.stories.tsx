import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpClient, Registry } from '@portal/plugin-api';
import { inArabic, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import type { RestoreInfo } from './contract';
import yourData from './index';
import RestoreView, { type RestoreState } from './RestoreView';

type Loaded = { registry: Registry };

const INFO: RestoreInfo = { email: 'ana.novak@partner-example.com', eraseAt: Date.UTC(2026, 11, 15, 9, 30) };
/** The restore call answers at once. */
const restoring = { post: () => Promise.resolve(INFO) } as unknown as HttpClient;

/**
 * `/restore-account`: the link mailed when an ID was closed, and the page right after closing.
 * Each story starts in a fixed state (the link's check is covered by restoreView.test.tsx); times in UTC.
 */
const meta: Meta = {
  title: 'Plugins/YourData/RestoreView',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([yourData]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as HttpClient | undefined) ?? restoring} path="/restore-account">
      <RestoreView initial={parameters.state as RestoreState} timeZone="UTC" />
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** The link is checked. */
export const Checking: Story = { parameters: { state: { kind: 'checking' } } };

/** The check failed (offline): said, with a way to try again. */
export const CheckFailed: Story = { parameters: { state: { kind: 'checkFailed' } } };

/** The ID the link restores, and until when: opening the link restored nothing yet. */
export const Ready: Story = { parameters: { state: { kind: 'ready', info: INFO } } };

/** Restored: sign in again. */
export const Restored: Story = { parameters: { state: { kind: 'restored', info: INFO } } };

/** Not a link of a closed ID (used, altered). */
export const Invalid: Story = { parameters: { state: { kind: 'invalid' } } };

/** Too late: the ID was erased. */
export const Expired: Story = { parameters: { state: { kind: 'expired' } } };

/** Right after closing on this browser. */
export const JustClosed: Story = { parameters: { state: { kind: 'closed', info: INFO } } };

export const DarkTheme: Story = { ...Ready, parameters: { ...Ready.parameters, theme: 'midnight' } };

export const Arabic: Story = inArabic({ ...Ready, parameters: { ...Ready.parameters, dir: 'rtl' } });
