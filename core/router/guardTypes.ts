import type { DeploymentConfig } from '../config/types';
import type { HttpClient } from '../http/client';

/** The routes whose entry runs a guard chain. */
export type GuardedRoute = 'authorize' | 'login' | 'accountSetting' | 'invite' | 'token';

/** What a guard gets: the route being entered, its query, the config and the HTTP client. */
export interface GuardContext {
  route: GuardedRoute;
  pathname: string;
  query: URLSearchParams;
  /** The /accountSetting child segment being entered ('company'), if any. */
  child: string | undefined;
  config: DeploymentConfig;
  http: HttpClient;
  viewportWidth: number;
  /** The page's own origin and host, for redirect and official-host checks. */
  origin: string;
  host: string;
}

/** What a guard decides: go on to the next guard, allow the route, or redirect. */
export type GuardOutcome =
  | { kind: 'next' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; replace?: boolean }
  | { kind: 'external'; url: string };

/** A check that runs before a route shows (lower `order` first). */
export interface Guard {
  id: string;
  route: GuardedRoute;
  /** Lower runs first. Core guards use 10-100 steps; plugins slot in between. */
  order: number;
  run(ctx: GuardContext): GuardOutcome | Promise<GuardOutcome>;
}

/** The guard outcome that passes on to the next guard. */
export const next: GuardOutcome = { kind: 'next' };
export const allow: GuardOutcome = { kind: 'allow' };
