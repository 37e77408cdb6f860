/**
 * Shared story wiring of the switches: the portal services with the section's namespaces, the
 * console's session for `parameters.me` (a stand-in: the console's shell is the ops-console
 * plugin's) and the calls answered by `parameters.ops` (`cannedOps(...)`).
 */
import type { Decorator } from '@storybook/react-vite';
import type { OperatorMe, OpsClient, Registry } from '@portal/plugin-api';
import { demoUser, StoryPortal } from '@portal/plugin-api/testing';
import { cannedOps, consoleSession, LOADED, OPERATOR_ME, SwitchesFrame, switchesRegistry } from './testing';

export type Loaded = { registry: Registry };
export const loaders = [async (): Promise<Loaded> => ({ registry: await switchesRegistry() })];

/** Dialogs render in headlessui's portal: Loki screenshots that instead of the story root. */
export const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

/** Dates follow the portal's clock: a profile in UTC, so the pictures do not follow the machine's zone. */
const UTC_CLOCK = { ...demoUser, timezone: 'UTC' };

export const switchesDecorator: Decorator = (Story, { loaded, parameters }) => (
  <StoryPortal registry={(loaded as Loaded).registry} user={UTC_CLOCK} path="/ops/switches" base="/ops">
    <SwitchesFrame session={consoleSession((parameters.me as OperatorMe | undefined) ?? OPERATOR_ME)} ops={(parameters.ops as OpsClient | undefined) ?? cannedOps(LOADED)}>
      <Story />
    </SwitchesFrame>
  </StoryPortal>
);

/** Clicks the checkbox named `name` (its label, in any language the story shows). */
export async function toggle(root: HTMLElement, name: string, until: (find: () => unknown, what: string) => Promise<unknown>): Promise<void> {
  const box = (await until(() => [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((el) => el.labels?.[0]?.textContent?.includes(name)), `checkbox ${name}`)) as HTMLInputElement;
  box.click();
}
