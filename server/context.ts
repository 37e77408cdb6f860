/** Everything a route or domain function needs, built once per server. */
import type { Kysely } from 'kysely';
import type { RegionCode } from '../core/contract/regions';
import type { RegionalDb, Stores } from './db/types';
import type { PasswordHasher } from './domain/crypto';
import { AfterAnswer } from './domain/afterAnswer';
import { SlidingCounter } from './domain/limits';
import { namedCounters, namedKeys } from './domain/named';
import { personalKey } from './domain/keyedDigest';
import { sharedSecret } from './db/sharedState';
import type { SecretBox } from './db/secretsAtRest';
import type { Mailer } from './mail/mailer';
import type { EndedGrant } from './oidc/adapter';
import { PortalMetrics } from './http/metrics';
import type { ServerOptions } from './options';
import type { ServedConfigs } from './config/servedConfigs';
import { PluginSwitches, webConfigFile } from './plugin-host/switches';
import { ServerExtensions } from './plugin-host/points';

export interface Ctx {
  options: ServerOptions;
  stores: Stores;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** The deployment configs served into index.html (checked; the last good version of each). */
  configs: ServedConfigs;
  /** Which plugins are on for whom, as the served configs say now (plugin-host/switches.ts). */
  switches: PluginSwitches;
  /** What the plugins' server halves contribute to the core's extension points (plugin-host/points.ts). */
  extensions: ServerExtensions;
  now: () => number;
  /** Per-client request rate (1 minute window). Every counter lives in the global store (domain/limits.ts). */
  authRate: SlidingCounter;
  apiRate: SlidingCounter;
  /** Risk signals for the captcha: failed sign-ins per client network and per email address (15 minutes). */
  loginFailures: SlidingCounter;
  accountFailures: SlidingCounter;
  /** Registrations per client network and per email domain (1 hour). */
  registrations: SlidingCounter;
  domainRegistrations: SlidingCounter;
  /** Wrong invite and company codes per client network and per account (15 minutes). */
  codeGuesses: SlidingCounter;
  /**
   * A sliding-window counter of this name, shared by every process (in the global store): made on
   * first use, the same one after. A plugin counts what it limits with it (the captcha's puzzles).
   */
  counter(name: string, windowMs: number): SlidingCounter;
  /** A random key of this name that every process agrees on (made by the first to ask, in the global store), loaded once. */
  sharedKey(name: string): Promise<Buffer>;
  /** Seals and opens the secrets kept in the global store (db/secretsAtRest.ts). */
  secrets: SecretBox;
  /** Owner notices of enumeration protection (no account / already registered): one per address and kind a minute. */
  quietMails: SlidingCounter;
  /** Work that runs after the answer (enumeration protection). */
  afterAnswer: AfterAnswer;
  /** Told of OpenID grants that ended with portal sessions; the provider sends back-channel logouts (set by OidcProvider.start). */
  grantsEnded: (grants: EndedGrant[]) => void;
  metrics: PortalMetrics;
  region(region: RegionCode): Kysely<RegionalDb>;
}

export async function createCtx(options: ServerOptions, stores: Stores, mailer: Mailer, passwords: PasswordHasher, configs: ServedConfigs, secrets: SecretBox): Promise<Ctx> {
  const now = options.now;
  // The core's counters are named ones too: a plugin's counter cannot take one of their names by accident.
  // Their keys (addresses, networks, accounts) are stored as HMACs under a shared key (domain/keyedDigest.ts),
  // asked for on the first hit, when `ctx` is made.
  const counter = namedCounters((name, windowMs) => new SlidingCounter(stores.global, name, windowMs, now, () => personalKey(ctx)));
  const ctx: Ctx = {
    options,
    stores,
    mailer,
    passwords,
    configs,
    switches: new PluginSwitches((file) => configs.deployment(file), webConfigFile(options), options.appConfigFiles, options.opsConfigFile),
    extensions: new ServerExtensions(),
    now,
    authRate: counter('authRate', 60_000),
    apiRate: counter('apiRate', 60_000),
    loginFailures: counter('loginFailures', 15 * 60_000),
    accountFailures: counter('accountFailures', 15 * 60_000),
    registrations: counter('registrations', 60 * 60_000),
    domainRegistrations: counter('domainRegistrations', 60 * 60_000),
    codeGuesses: counter('codeGuesses', 15 * 60_000),
    counter,
    sharedKey: namedKeys((name) => sharedSecret(stores.global, secrets, name, now())),
    secrets,
    quietMails: counter('quietMails', 60_000),
    afterAnswer: new AfterAnswer((message) => console.warn(message)),
    grantsEnded: () => undefined,
    metrics: new PortalMetrics(stores),
    region: (region) => stores.regions[region],
  };
  return ctx;
}
