import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@portal/plugin-api';
import { untilText } from '@portal/plugin-api/testing';
import ConsoleApp from './ConsoleApp';
import { OPS_CALLS as C } from './contract';
import { loaders, opsDecorator } from './storyKit';
import { ADMIN_ME, AUDIT, cannedOps } from './testing';

/*
 * `/ops/audit` signed in: the whole console at its audit log, the console's calls canned.
 * Dates in UTC. A desktop tool: shot at 1024 and 1366.
 */

const withAudit = (audit: unknown) => cannedOps({ [`GET ${C.me}`]: ADMIN_ME, [`GET ${C.audit}`]: audit });

const meta: Meta = {
  title: 'Plugins/OpsConsole/AuditView',
  parameters: { layout: 'fullscreen', path: '/ops/audit' },
  loaders,
  decorators: [opsDecorator],
  render: () => <ConsoleApp />,
};
export default meta;
type Story = StoryObj;

/** Newest first: who did what to whom, why, and what changed (before → after). */
export const Entries: Story = {
  parameters: { ops: withAudit({ items: AUDIT, next: null }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'npm run ops:add-admin'),
};

/** More entries than a page: Show more. */
export const MoreToShow: Story = {
  parameters: { ops: withAudit({ items: AUDIT, next: 'cursor-2' }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Show more'),
};

/** Nothing matches the filters. */
export const Empty: Story = {
  parameters: { ops: withAudit({ items: [], next: null }) },
  play: ({ canvasElement }) => untilText(canvasElement, 'No entries match these filters.'),
};

/** The log did not come (no answer): Try again. */
export const LoadFailed: Story = {
  parameters: { ops: withAudit(new ApiError(0, undefined, 0)) },
  play: ({ canvasElement }) => untilText(canvasElement, 'Try again'),
};
