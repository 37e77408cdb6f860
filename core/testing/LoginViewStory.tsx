import type { ReactNode } from 'react';
import type { HttpClient } from '../http/client';
import { LoginPageContext } from '../login/LoginPageContext';
import type { LoginPageServices } from '../login/types';
import type { Registry } from '../registry/registry';
import { ClockContext, frozenClock } from '../ui/countdown';
import { StoryPortal } from './StoryPortal';

/** A request that never answers: a story's loading state. */
export const pendingHttp = { get: () => new Promise(() => undefined), post: () => new Promise(() => undefined) } as unknown as HttpClient;

/**
 * A login view as the login page's card shows it, for a story: the portal at /login, a frozen
 * clock (countdowns read the same on every run) and the page's services, in the card's width.
 */
export function LoginViewStory({ registry, http, loginPage, width = 440, children }: { registry: Registry; http: HttpClient; loginPage: LoginPageServices; width?: number; children: ReactNode }) {
  return (
    <StoryPortal registry={registry} http={http} path="/login">
      <ClockContext.Provider value={frozenClock(Date.UTC(2024, 4, 1, 10))}>
        <LoginPageContext.Provider value={loginPage}>
          <div css={{ maxWidth: width }}>{children}</div>
        </LoginPageContext.Provider>
      </ClockContext.Provider>
    </StoryPortal>
  );
}
