/**
 * What production needs from the environment before the server may start. A published demo
 * secret, mail that would go nowhere or a plain-http public address are refused together, in
 * one message, instead of a warning scrolled past in a log.
 */
import { DEMO_HELPDESK_SECRET, parseTrustProxy } from '../options';
import { parseSecretsKey } from '../db/secretsAtRest';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export type Env = Record<string, string | undefined>;

let estimator: ZxcvbnFactory | null = null;

/**
 * A secret's strength as a guesser would see it: zxcvbn's estimate (in bits) of the guesses its
 * patterns need — sequences (`abcd…`, `0123…`), repeated blocks, keyboard walks, dictionary words —
 * which a count of characters cannot see (the attack review passed `abcdefghijklmnopqrstuvwxyz012345`
 * and `correcthorsebatterystaple…`). A random 32-byte base64 secret scores about 146 bits, random hex
 * of 24 bytes about 160. Made once, at a production start only (its dictionary takes ~100 ms).
 */
export function estimatedBits(secret: string): number {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator.check(secret).guessesLog10 * Math.log2(10);
}

/** Under ~100 bits by that estimate. */
const GUESSABLE_BITS = 100;

/** Every missing or unsafe setting of a production start (empty: fine). */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const origin = env.PUBLIC_ORIGIN;
  if (!origin) {
    problems.push('PUBLIC_ORIGIN is not set: the https address browsers use (e.g. https://id.example.com).');
  } else {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      problems.push(`PUBLIC_ORIGIN '${origin}' is not a URL.`);
    }
    if (url && url.protocol !== 'https:' && env.ALLOW_HTTP_PUBLIC_ORIGIN !== '1') {
      problems.push(`PUBLIC_ORIGIN '${origin}' is not https: sessions and tokens would travel in clear (TLS may end at a proxy; the public address is still https). A closed test network may set ALLOW_HTTP_PUBLIC_ORIGIN=1.`);
    }
    // The OpenID provider's issuer, endpoints and cookies are built from it alone (never the request's Host).
    if (url && origin.replace(/\/$/, '') !== url.origin) {
      problems.push(`PUBLIC_ORIGIN '${origin}' is not an origin alone (scheme, host and port: no path, query, user or password), e.g. ${url.origin}.`);
    }
  }
  try {
    parseTrustProxy(env.TRUST_PROXY);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (!env.HELPDESK_SECRET) problems.push('HELPDESK_SECRET is not set: the help-desk JWT would be signed with the demo secret published in this repository.');
  else if (env.HELPDESK_SECRET === DEMO_HELPDESK_SECRET) problems.push('HELPDESK_SECRET is the demo secret published in this repository.');
  else if (env.HELPDESK_SECRET.length < 32) problems.push('HELPDESK_SECRET is shorter than 32 characters.');
  else {
    const bits = estimatedBits(env.HELPDESK_SECRET);
    if (bits < GUESSABLE_BITS) problems.push(`HELPDESK_SECRET looks guessable (about ${Math.round(bits)} bits to guess): use a random one, e.g. \`openssl rand -base64 32\`.`);
  }
  // The key that seals the signing and cookie keys in the database (db/secretsAtRest.ts): the
  // operator's, never one made beside the data it protects. A file's content is read at start.
  if (!env.SECRETS_KEY && !env.SECRETS_KEY_FILE) {
    problems.push('SECRETS_KEY (or SECRETS_KEY_FILE) is not set: the key that seals the signing and cookie keys in the database, 32 random bytes (`openssl rand -base64 32`).');
  } else if (env.SECRETS_KEY && env.SECRETS_KEY_FILE) {
    problems.push('SECRETS_KEY and SECRETS_KEY_FILE are both set: name the key once.');
  } else if (env.SECRETS_KEY) {
    try {
      parseSecretsKey(env.SECRETS_KEY, 'SECRETS_KEY');
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (!env.SMTP_URL) problems.push('SMTP_URL is not set: mails (activation, reset, codes) would go nowhere.');
  if (!env.PRIVACY_POLICY_URL && env.DEMO_PAGES !== '1') problems.push("PRIVACY_POLICY_URL is not set: the privacy notice would link to the demo service's page.");
  // Demo accounts have a published password; demo pages a published client. Only a closed test
  // network may have them in production, and it says so in so many words.
  if ((env.SEED_DEMO === '1' || env.DEMO_PAGES === '1') && env.UNSAFE_DEMO_IN_PRODUCTION !== '1') {
    problems.push(`${env.SEED_DEMO === '1' ? 'SEED_DEMO=1 would make accounts with the password published in this repository' : 'DEMO_PAGES=1 would serve the demo service and its client'}: not in production. A closed test network may set UNSAFE_DEMO_IN_PRODUCTION=1 as well.`);
  }
  return problems;
}

/** Demo data and demo pages: on in development, in production only when asked for (`SEED_DEMO=1`, `DEMO_PAGES=1`). */
export function demoSwitches(env: Env, production: boolean): { seedDemo: boolean; demoPages: boolean } {
  return production ? { seedDemo: env.SEED_DEMO === '1', demoPages: env.DEMO_PAGES === '1' } : { seedDemo: env.SEED_DEMO !== '0', demoPages: env.DEMO_PAGES !== '0' };
}
