import { describe, expect, it } from 'vitest';
import { DEMO_HELPDESK_SECRET } from '../options';
import { demoSwitches, productionProblems } from './productionEnv';

const GOOD = {
  PUBLIC_ORIGIN: 'https://id.example.com',
  HELPDESK_SECRET: 'q7Vt-2mXz9LkP0aR4sW8nB3cY6eJ1uHg5dF',
  SECRETS_KEY: 'mZ0f3Qb1v9Xw2Lr8Kc5Tn7Jy4Hs6Ad0Gp1Ue3Io5YqE=',
  SMTP_URL: 'smtp://mail.example.com:587',
  PRIVACY_POLICY_URL: 'https://www.example.com/privacy',
};

describe('a production start', () => {
  it('is fine with an https origin, a real help-desk secret and SMTP', () => expect(productionProblems(GOOD)).toEqual([]));

  it('names everything missing at once', () => {
    const problems = productionProblems({});
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PUBLIC_ORIGIN is not set[\s\S]*HELPDESK_SECRET is not set[\s\S]*SECRETS_KEY \(or SECRETS_KEY_FILE\) is not set[\s\S]*SMTP_URL is not set[\s\S]*PRIVACY_POLICY_URL is not set/);
  });

  it.each([
    ['a plain-http origin', { PUBLIC_ORIGIN: 'http://id.example.com' }, /not https/],
    ['an origin that is not a URL', { PUBLIC_ORIGIN: 'id.example.com' }, /not a URL/],
    ['the published demo help-desk secret', { HELPDESK_SECRET: DEMO_HELPDESK_SECRET }, /demo secret published/],
    ['a short help-desk secret', { HELPDESK_SECRET: 'short' }, /shorter than 32/],
    ['a help-desk secret of one repeated character', { HELPDESK_SECRET: 'h'.repeat(40) }, /looks guessable \(about \d+ bits to guess\)/],
    ['a help-desk secret of a few characters', { HELPDESK_SECRET: 'abab'.repeat(10) }, /looks guessable/],
    // What the attack review got past a count of characters (issue 26): sequences, repeats, words.
    ['a help-desk secret that is a sequence', { HELPDESK_SECRET: 'abcdefghijklmnopqrstuvwxyz012345' }, /looks guessable/],
    ['a help-desk secret of a repeated hex run', { HELPDESK_SECRET: '0123456789abcdef0123456789abcdef' }, /looks guessable/],
    ['a help-desk secret of numbered words', { HELPDESK_SECRET: 'Password1Password2Password3Pass4' }, /looks guessable/],
    ['a help-desk secret of doubled letters', { HELPDESK_SECRET: 'aaaabbbbccccddddeeeeffffgggghhhhiiiijjjj' }, /looks guessable/],
    ['a help-desk secret of dictionary words', { HELPDESK_SECRET: 'correcthorsebatterystaplecorrecthorse' }, /looks guessable/],
    ['an origin with a path', { PUBLIC_ORIGIN: 'https://id.example.com/portal' }, /not an origin alone .* e\.g\. https:\/\/id\.example\.com\./],
    ['an origin with a user', { PUBLIC_ORIGIN: 'https://admin@id.example.com' }, /not an origin alone/],
    ['a TRUST_PROXY that trusts every hop', { TRUST_PROXY: 'true' }, /TRUST_PROXY must be 0, a number of proxy hops/],
    ['no key to seal the secrets at rest', { SECRETS_KEY: undefined }, /SECRETS_KEY \(or SECRETS_KEY_FILE\) is not set/],
    ['a secrets key that is not 32 bytes', { SECRETS_KEY: 'too-short' }, /SECRETS_KEY is not a key of 32 bytes/],
    ['a secrets key named twice', { SECRETS_KEY_FILE: '/run/secrets/uid-key' }, /both set/],
  ])('refuses %s', (_what, change, message) => {
    const problems = productionProblems({ ...GOOD, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('takes random secrets, base64 or hex, and a long passphrase', () => {
    for (const secret of ['zQ0mH7yq3VbTn8Kc1RxW5pLs2dJf9gAe6uYo4iNt0Bk', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b', 'correct-horse-battery-staple-in-a-vending-machine']) {
      expect(productionProblems({ ...GOOD, HELPDESK_SECRET: secret }), secret).toEqual([]);
    }
  });

  it.each([
    ['SEED_DEMO', /SEED_DEMO=1 would make accounts with the password published/],
    ['DEMO_PAGES', /DEMO_PAGES=1 would serve the demo service/],
  ])('refuses %s=1 unless UNSAFE_DEMO_IN_PRODUCTION=1 says a closed test network wants it', (name, message) => {
    const problems = productionProblems({ ...GOOD, [name]: '1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
    expect(productionProblems({ ...GOOD, [name]: '1', UNSAFE_DEMO_IN_PRODUCTION: '1' })).toEqual([]);
  });

  it('takes the secrets key as base64, base64url or hex, or from a file (read at start)', () => {
    for (const key of ['mZ0f3Qb1v9Xw2Lr8Kc5Tn7Jy4Hs6Ad0Gp1Ue3Io5YqE=', 'mZ0f3Qb1v9Xw2Lr8Kc5Tn7Jy4Hs6Ad0Gp1Ue3Io5YqE', 'mZ0f3Qb1v9Xw2Lr8Kc5Tn7Jy4Hs6Ad0Gp1Ue3Io5Yq-', 'ab'.repeat(32)]) {
      expect(productionProblems({ ...GOOD, SECRETS_KEY: key }), key).toEqual([]);
    }
    expect(productionProblems({ ...GOOD, SECRETS_KEY: undefined, SECRETS_KEY_FILE: '/run/secrets/uid-key' })).toEqual([]);
  });

  it('lets a closed test network use http only when it says so', () => {
    expect(productionProblems({ ...GOOD, PUBLIC_ORIGIN: 'http://id.test.internal', ALLOW_HTTP_PUBLIC_ORIGIN: '1' })).toEqual([]);
  });
});

describe('demo data and pages', () => {
  it('are on in development unless switched off', () => {
    expect(demoSwitches({}, false)).toEqual({ seedDemo: true, demoPages: true });
    expect(demoSwitches({ SEED_DEMO: '0', DEMO_PAGES: '0' }, false)).toEqual({ seedDemo: false, demoPages: false });
  });
  it('are off in production unless asked for', () => {
    expect(demoSwitches({}, true)).toEqual({ seedDemo: false, demoPages: false });
    expect(demoSwitches({ SEED_DEMO: '1', DEMO_PAGES: '1' }, true)).toEqual({ seedDemo: true, demoPages: true });
  });
});
