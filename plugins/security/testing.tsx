/** Test harness of this plugin: the real HTTP client and session over a scripted fetch. */
import { Route, Switch } from 'wouter';
import { HttpClient, type UserInfo } from '@portal/plugin-api';
import {
  createSessionPort,
  renderPortal,
  RouteView,
  saveTokens,
  setUser,
  testDeployment,
  type TestLanguage,
  pluginsById,
  testRegistry,
} from '@portal/plugin-api/testing';
import security from './index';

export const user: UserInfo = {
  accountId: 'acc-7',
  avatar: null,
  id: 'u-7',
  email: 'ana@partner.test',
  phone: null,
  identityProvider: 'vendorId',
  uuidProvider: 'uuid-7',
  firstName: 'Ana',
  lastName: 'Novak',
  region: 'Euw',
  language: 'en_US',
};

export interface Call {
  method: string;
  path: string;
  securityToken: string | null;
  body: unknown;
}

/** A handler answers `{result}` (any value) or throws `fail(code)` for an error body. */
export type Handler = (call: Call) => unknown;
export class Fail {
  constructor(
    readonly errorCode: number,
    readonly status = 400,
    readonly result?: unknown,
  ) {}
}
export const fail = (code: number, status = 400, result?: unknown) => new Fail(code, status, result);

/** Default answers of a signed-in account with two-factor off. */
export function defaultRoutes(): Record<string, Handler> {
  return {
    'GET /api/account/acc-7/mfa/getMfaFeatureStatus': () => ({ enabled: false, supportedMFATypes: [], primaryMFAType: null, MFAEmail: 'an***@partner.test' }),
    'POST /api/account/acc-7/defaultTime': () => ({ expireTime: 86400, options: [10800, 21600, 86400, 604800, 2592000] }),
    'GET /api/account/acc-7/sessions': () => ({ sessions: [] }),
    'GET /api/account/acc-7/security-events': () => ({ events: [], nextCursor: null, timeZone: null }),
    'POST /api/security/enable': (c) => ((c.body as { password: string }).password === 'Right-pass-1' ? { securityToken: 'st-1', expiresIn: 300 } : fail(-20601)),
    'POST /api/security/acc-7/disable': () => ({ disabled: true }),
  };
}

/** Records every call; `routes` are keyed 'METHOD /full/path'. */
export function backend(overrides: Record<string, Handler> = {}) {
  const routes = { ...defaultRoutes(), ...overrides };
  const calls: Call[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://portal.test');
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      securityToken: headers.get('Security-Token'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return new Response(JSON.stringify({ errorCode: -10010, message: `no route ${call.method} ${call.path}` }), { status: 404 });
    const answer = await handler(call);
    if (answer instanceof Fail) return new Response(JSON.stringify({ errorCode: answer.errorCode, message: 'failed', result: answer.result }), { status: answer.status });
    return new Response(JSON.stringify({ result: answer }), { status: 200 });
  };
  const http: HttpClient = new HttpClient({ config: () => testDeployment, session: createSessionPort(() => http), fetchImpl });
  const find = (method: string, suffix: string) => calls.filter((c) => c.method === method && c.path.endsWith(suffix));
  return { http, calls, find, routes };
}

/**
 * The page at /accountSetting/security, signed in as `user`, behind the real route view; `withIds`
 * are other plugins enabled beside this one (loaded by id: 'recovery-codes', 'passkeys', …).
 */
export async function renderSecurity(http: HttpClient, language?: TestLanguage, withIds: string[] = [], signedIn: UserInfo = user) {
  setUser(signedIn);
  saveTokens({ tokenType: 'Bearer', accessToken: 'access-1', refreshToken: 'refresh-1' });
  const registry = await testRegistry([security, ...(await pluginsById(...withIds))]);
  const route = registry.routes.find((r) => r.value.path === 'security')!;
  return renderPortal(
    <Switch>
      <Route path="/accountSetting/security">
        <RouteView owned={route} />
      </Route>
      <Route path="/accountSetting/account">account page</Route>
    </Switch>,
    { registry, http, path: '/accountSetting/security', language },
  );
}
