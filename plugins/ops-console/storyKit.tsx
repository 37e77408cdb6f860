/**
 * Shared story wiring of the ops console: the portal services with the console's namespace, a
 * router at `parameters.path` under /ops (as the app nests the console's route), and the console's
 * calls answered by `parameters.ops` (`cannedOps(...)` or `pendingOps`).
 */
import type { Decorator } from '@storybook/react-vite';
import type { Registry } from '@portal/plugin-api';
import { demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import { OpsClientContext, type OpsClient } from './api';
import opsConsole from './index';
import { pendingOps } from './testing';

export type Loaded = { registry: Registry };
export const loaders = [async (): Promise<Loaded> => ({ registry: await testRegistry([opsConsole]) })];

/** Dialogs render in headlessui's portal: Loki screenshots that instead of the story root. */
export const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

/**
 * The console has no time zone of its own: its dates follow the portal's clock (useFormatMoment),
 * here a profile in UTC, so the pictures do not follow the machine's zone.
 */
const UTC_CLOCK = { ...demoUser, timezone: 'UTC' };

export const opsDecorator: Decorator = (Story, { loaded, parameters }) => (
  <StoryPortal registry={(loaded as Loaded).registry} user={UTC_CLOCK} path={(parameters.path as string | undefined) ?? '/ops'} base="/ops">
    <OpsClientContext.Provider value={(parameters.ops as OpsClient | undefined) ?? pendingOps}>
      <Story />
    </OpsClientContext.Provider>
  </StoryPortal>
);
