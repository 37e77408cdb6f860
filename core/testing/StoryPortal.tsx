import { ThemeProvider, useTheme } from '@emotion/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PortalContext } from '../app/context';
import { useActiveTheme } from '../app/pageTheme';
import type { DeploymentConfig } from '../config/types';
import type { UserInfo } from '../contract/api';
import { ApiError } from '../http/ApiError';
import type { HttpClient } from '../http/client';
import type { Registry } from '../registry/registry';
import { appStore, setUser, userAtom } from '../session/session';
import { testDeployment } from './portalHarness';

/**
 * Stories are mocked at the HTTP boundary: a client that answers from a table
 * (path -> result, or an ApiError to fail) after an optional delay.
 */
export function cannedHttp(answers: Record<string, unknown>, delayMs = 0): HttpClient {
  const answer = async (path: string) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const value = answers[path];
    if (value instanceof ApiError) throw value;
    return value ?? null;
  };
  return { get: answer, post: answer, put: answer, delete: answer, request: answer } as unknown as HttpClient;
}

/** A page's own theme (the login page's client) over the story's, as the app's PortalTheme does. */
function StoryPageTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={useActiveTheme(useTheme())}>{children}</ThemeProvider>;
}

/**
 * The portal services, a signed-in user (or none) and a router at `path`, for a story; `config`
 * changes the test deployment (`{ variant: 'app' }`: as inside a partner app).
 */
export function StoryPortal(props: { registry: Registry; http?: HttpClient; user?: UserInfo | null; path?: string; base?: string; config?: Partial<DeploymentConfig>; children: ReactNode }) {
  // Set before the first render so views that read the user never flash empty.
  if (appStore.get(userAtom) !== (props.user ?? null)) setUser(props.user ?? null);
  const location = memoryLocation({ path: props.path ?? '/' });
  return (
    <JotaiProvider store={appStore}>
      <PortalContext.Provider value={{ config: props.config ? { ...testDeployment, ...props.config } : testDeployment, registry: props.registry, http: props.http ?? cannedHttp({}), region: 'Euw' }}>
        <Router hook={location.hook} searchHook={location.searchHook} base={props.base}>
          <StoryPageTheme>{props.children}</StoryPageTheme>
        </Router>
      </PortalContext.Provider>
    </JotaiProvider>
  );
}

/** A signed-in demo account for tests and stories. */
export const demoUser: UserInfo = {
  accountId: '7f3c9a12-5d4e-4b8a-9c61-2e0f8d4b7a35',
  avatar: null,
  id: 'u-1001',
  email: 'ana.novak@partner-example.com',
  phone: '+420 601 234 567',
  identityProvider: 'vendorId',
  uuidProvider: 'vendor-1001',
  firstName: 'Ana',
  lastName: 'Novák',
  region: 'Euw',
  language: 'cs_CZ',
};
