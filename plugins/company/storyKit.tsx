/** Shared story wiring: the portal around a company screen, nested under /accountSetting/company as in the app. */
import type { Decorator } from '@storybook/react-vite';
import { Route } from 'wouter';
import { ApiError, type HttpClient, type Registry, type UserInfo } from '@portal/plugin-api';
import { cannedHttp, demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import { ACCOUNT_ID, whiteList } from './fixtures';
import company from './index';

export type Loaded = { registry: Registry };
export const loaders = [async (): Promise<Loaded> => ({ registry: await testRegistry([company]) })];
/** Dialogs render in headlessui's portal: Loki screenshots that instead of the story root. */
export const portal = { loki: { chromeSelector: '#headlessui-portal-root' } };
export const MINE_PATH = `/accounts/${ACCOUNT_ID}/orgs`;

/** A request that never answers: the loading state stays. */
export const pendingHttp = { get: () => new Promise(() => undefined), post: () => new Promise(() => undefined) } as unknown as HttpClient;
export const failing = (code: number) => new ApiError(code, 'failed', 400);
/** Answers by path (any method); the country list is always there for the form. */
export const http = (answers: Record<string, unknown>) => cannedHttp({ '/region/white-list': whiteList, ...answers });

/** Wraps the story in the portal services at /accountSetting/company{sub}. */
export const companyDecorator: Decorator = (Story, { loaded, parameters }) => (
  <StoryPortal
    registry={(loaded as Loaded).registry}
    http={(parameters.http as HttpClient | undefined) ?? http({})}
    user={(parameters.user as UserInfo | undefined) ?? demoUser}
    path={`/accountSetting/company${(parameters.sub as string | undefined) ?? ''}`}
  >
    <Route path="/accountSetting/company" nest>
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    </Route>
  </StoryPortal>
);

/** Play helper: waits until `text` shows (stories run without clicks: Loki disables pointer events). */
export async function waitForText(text: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!document.body.textContent?.includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
