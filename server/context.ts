/** Everything a route or domain function needs, built once per server. */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RegionCode } from '../core/contract/regions';
import type { RegionalDb, Stores } from './db/types';
import type { PasswordHasher } from './domain/crypto';
import { AfterAnswer } from './domain/afterAnswer';
import { SlidingCounter } from './domain/limits';
import type { Mailer } from './mail/mailer';
import type { EndedGrant } from './oidc/adapter';
import { PortalMetrics } from './http/metrics';
import type { ServerOptions } from './options';
import type { ServedConfigs } from './config/servedConfigs';

export interface Ctx {
  options: ServerOptions;
  stores: Stores;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** The deployment configs served into index.html (checked; the last good version of each). */
  configs: ServedConfigs;
  now: () => number;
  /** Per-client request rate (1 minute window). */
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
  /** Slider puzzles issued and answers tried, per client network and per sign-in address (15 minutes). */
  captchaPuzzles: SlidingCounter;
  captchaAnswers: SlidingCounter;
  /** Key of this process for the captcha's per-address subject (domain/captcha.ts: captchaSubject). */
  captchaKey: Buffer;
  /** Owner notices of enumeration protection (no account / already registered): one per address and kind a minute. */
  quietMails: SlidingCounter;
  /** Work that runs after the answer (enumeration protection). */
  afterAnswer: AfterAnswer;
  /** Told of OpenID grants that ended with portal sessions; the provider sends back-channel logouts (set by OidcProvider.start). */
  grantsEnded: (grants: EndedGrant[]) => void;
  metrics: PortalMetrics;
  region(region: RegionCode): Kysely<RegionalDb>;
}

export function createCtx(options: ServerOptions, stores: Stores, mailer: Mailer, passwords: PasswordHasher, configs: ServedConfigs): Ctx {
  const now = options.now;
  return {
    options,
    stores,
    mailer,
    passwords,
    configs,
    now,
    authRate: new SlidingCounter(60_000, now),
    apiRate: new SlidingCounter(60_000, now),
    loginFailures: new SlidingCounter(15 * 60_000, now),
    accountFailures: new SlidingCounter(15 * 60_000, now),
    registrations: new SlidingCounter(60 * 60_000, now),
    domainRegistrations: new SlidingCounter(60 * 60_000, now),
    codeGuesses: new SlidingCounter(15 * 60_000, now),
    captchaPuzzles: new SlidingCounter(15 * 60_000, now),
    captchaAnswers: new SlidingCounter(15 * 60_000, now),
    captchaKey: crypto.randomBytes(32),
    quietMails: new SlidingCounter(60_000, now),
    afterAnswer: new AfterAnswer((message) => console.warn(message)),
    grantsEnded: () => undefined,
    metrics: new PortalMetrics(stores),
    region: (region) => stores.regions[region],
  };
}
