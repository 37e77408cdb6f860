/**
 * Shared story wiring of the services section: the portal services with the section's namespace,
 * the console's session (`parameters.me`) and calls (`parameters.ops`), and preview frames left
 * blank (Storybook serves no /login; the e2e shows the real page in them).
 */
import type { Decorator } from '@storybook/react-vite';
import type { OperatorMe, OpsClient, Registry } from '@portal/plugin-api';
import { demoUser, StoryPortal } from '@portal/plugin-api/testing';
import { PreviewSource } from './ServicePreview';
import { OPERATOR_ME, servicesRegistry, ServicesInConsole } from './testing';

export type Loaded = { registry: Registry };
export const loaders = [async (): Promise<Loaded> => ({ registry: await servicesRegistry() })];

/** Dialogs render in headlessui's portal: Loki screenshots that instead of the story root. */
export const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };

const UTC_CLOCK = { ...demoUser, timezone: 'UTC' };
const blank = () => 'about:blank';

export const servicesDecorator: Decorator = (Story, { loaded, parameters }) => (
  <StoryPortal registry={(loaded as Loaded).registry} user={UTC_CLOCK} path="/ops/services" base="/ops">
    <PreviewSource.Provider value={blank}>
      <ServicesInConsole ops={parameters.ops as OpsClient} me={(parameters.me as OperatorMe | undefined) ?? OPERATOR_ME}>
        <Story />
      </ServicesInConsole>
    </PreviewSource.Provider>
  </StoryPortal>
);
