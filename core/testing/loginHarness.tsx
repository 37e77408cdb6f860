import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { LoginPageContext } from '../login/LoginPageContext';
import type { LoginPageServices } from '../login/types';

/**
 * Login-page services for a view under test: records goTo calls, allows every plugin,
 * and lets a test choose which views exist and which query the page was opened with.
 */
export function testLoginPage(overrides: Partial<LoginPageServices> & { views?: string[] } = {}) {
  const { views = ['signIn', 'register', 'reset', 'email', 'locked'], ...rest } = overrides;
  const services: LoginPageServices & { goTo: ReturnType<typeof vi.fn> } = {
    goTo: vi.fn(),
    hasView: (view) => views.includes(view),
    pluginAllowed: () => true,
    pageInfo: null,
    query: new URLSearchParams(),
    ...rest,
  } as LoginPageServices & { goTo: ReturnType<typeof vi.fn> };
  const wrap = (ui: ReactNode) => <LoginPageContext.Provider value={services}>{ui}</LoginPageContext.Provider>;
  return { services, wrap };
}
