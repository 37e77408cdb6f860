/**
 * Shared story wiring of the help desk: the portal services with its namespaces, the console's
 * session for `parameters.me` (a stand-in: the console's shell is the ops-console plugin's) and
 * the calls answered by `parameters.ops` (`cannedOps(...)`).
 */
import type { Decorator } from '@storybook/react-vite';
import type { OperatorMe, OpsClient, Registry } from '@portal/plugin-api';
import { demoUser, StoryPortal } from '@portal/plugin-api/testing';
import { cannedOps, consoleSession, HelpdeskFrame, helpdeskRegistry, SUPPORT_ME } from './testing';

export type Loaded = { registry: Registry };
export const loaders = [async (): Promise<Loaded> => ({ registry: await helpdeskRegistry() })];

/** Dialogs render in headlessui's portal: Loki screenshots that instead of the story root. */
export const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

/** Dates follow the portal's clock: a profile in UTC, so the pictures do not follow the machine's zone. */
const UTC_CLOCK = { ...demoUser, timezone: 'UTC' };

export const helpdeskDecorator: Decorator = (Story, { loaded, parameters }) => (
  <StoryPortal registry={(loaded as Loaded).registry} user={UTC_CLOCK} path="/ops/helpdesk" base="/ops">
    <HelpdeskFrame session={consoleSession((parameters.me as OperatorMe | undefined) ?? SUPPORT_ME)} ops={(parameters.ops as OpsClient | undefined) ?? cannedOps({})}>
      <Story />
    </HelpdeskFrame>
  </StoryPortal>
);

/** Looks `email` up as the operator would: the address typed, the search form sent (in any language). */
export async function lookUp(root: HTMLElement, email: string, until: (find: () => unknown, what: string) => Promise<unknown>, typeInto: (el: HTMLInputElement, value: string) => void): Promise<void> {
  const form = (await until(() => root.querySelector<HTMLFormElement>('form[role="search"]'), 'the search form')) as HTMLFormElement;
  typeInto(form.querySelector('input')!, email);
  form.requestSubmit();
}
