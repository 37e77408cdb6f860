/**
 * The slider captcha is its plugin's server half (issue 25, section 1): the sign-in's and the
 * registration's human check is a contribution (`humanCheck`), asked only where the captcha plugin
 * is on for the host's region or the region the attempt concerns (server/domain/humanCheck.ts), and
 * its routes answer like any plugin's (403 -19999 where it is off).
 * Every attempt here is risky (limits 0): where the captcha is on it is asked, as always.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { REPO_ROOT } from '../options';
import { Client, DEMO_PASSWORD, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
let dir: string;
let configFile: string;
const offInUse = { plugin: 'captcha', offIn: 'Use', appType: null };

/** config/default.json with the captcha off in `offIn` (none: on everywhere). */
function writeConfig(offIn: string | null): void {
  const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config', 'default.json'), 'utf8')) as Record<string, unknown>;
  config.regions = offIn ? { [offIn]: { plugins: { captcha: { enabled: false } } } } : {};
  const before = fs.existsSync(configFile) ? fs.statSync(configFile).mtimeMs : 0;
  fs.writeFileSync(configFile, JSON.stringify(config));
  const later = new Date(Math.max(before + 2000, Date.now()));
  fs.utimesSync(configFile, later, later);
}

async function signInOn(host: string, email: string) {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  return c.post(`${host}/login`, { email, password: DEMO_PASSWORD }, { headers: { session_code: sessionCode } });
}

const registration = (email: string, regionCode: string) => ({ email, password: 'Good-pass-1', regionCode, firstName: 'New', lastName: 'User', language: 'en_US' });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-captcha-switches-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  configFile = path.join(dir, 'portal.json');
  writeConfig('Use');
  t = await startServer({ distDir: dir, portalConfigFile: configFile, appConfigFiles: {}, limits: { captchaAfterFailures: 0, captchaAfterAccountFailures: 0, captchaAfterRegistrations: 0 } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the captcha follows its switch', () => {
  it("off for a region: a risky sign-in or registration on that region's host is not asked, and the captcha's routes answer 403 -19999 there", async () => {
    const signedIn = await signInOn('/api/region/use', 'us@example.com');
    expect(signedIn.status, signedIn.text).toBe(200);
    const registered = await new Client(t.base).post('/api/region/use/register/captcha', registration('new-use@example.com', 'US'));
    expect(registered.status, registered.text).toBe(200);
    for (const route of ['/captcha/frame', '/captcha/frame.js', '/captcha/challenge']) {
      const res = await new Client(t.base).get(`/api/region/use${route}`);
      expect([res.status, res.body.errorCode, res.body.result], route).toEqual([403, E.regionUnavailable, offInUse]);
    }
    const verify = await new Client(t.base).post('/api/region/use/captcha/verify', { challengeId: 'x'.repeat(24), x: 10, trail: [] });
    expect([verify.status, verify.body.result]).toEqual([403, offInUse]);
  });

  it('on elsewhere: a risky sign-in or registration there is asked as before (-23029 with the frame), and the frame answers', async () => {
    const asked = await signInOn('/api/region/euw', 'demo@example.com');
    expect([asked.status, asked.body.errorCode]).toEqual([400, E.captchaRequired]);
    expect(asked.body.result).toEqual({ serviceRegion: 'Euw', captchaUrl: expect.stringMatching(/\/api\/captcha\/frame\?for=[A-Za-z0-9_-]{43}$/) });
    // The global host serves every region: the captcha is on in some, so it is asked there too.
    expect((await signInOn('/api', 'us@example.com')).body.errorCode).toBe(E.captchaRequired);
    const registering = await new Client(t.base).post('/api/region/euw/register/captcha', registration('new-euw@example.com', 'DE'));
    expect([registering.body.errorCode, registering.body.result?.captchaUrl]).toEqual([E.captchaRequired, expect.stringMatching(/\/api\/captcha\/frame$/)]);
    expect((await new Client(t.base).get('/api/region/euw/captcha/frame')).status).toBe(200);
    expect((await new Client(t.base).get('/api/captcha/challenge')).status).toBe(200);
  });

  it("off on the host, on for the account's region: asked (the caller's choice of host does not choose the check)", async () => {
    // A Euw account attacked through the host of Use, where the captcha is off: asked all the same.
    const dodge = await signInOn('/api/region/use', 'demo@example.com');
    expect([dodge.status, dodge.body.errorCode]).toEqual([400, E.captchaRequired]);
    expect(dodge.body.result.captchaUrl).toMatch(/\/api\/captcha\/frame\?for=/);
    // A registration in Euw (Germany) through the Use host: asked too; one in Use (the US) there is not.
    const registering = await new Client(t.base).post('/api/region/use/register/captcha', registration('dodge-euw@example.com', 'DE'));
    expect(registering.body.errorCode).toBe(E.captchaRequired);
    expect((await new Client(t.base).post('/api/region/use/register/captcha', registration('stay-use@example.com', 'US'))).status).toBe(200);
  });

  it('under enumeration protection the account cannot tell: the host and the default region decide, for any address', async () => {
    const guarded = await startServer({ distDir: dir, portalConfigFile: configFile, appConfigFiles: {}, enumerationProtection: true, limits: { captchaAfterFailures: 0, captchaAfterAccountFailures: 0, captchaAfterRegistrations: 0 } });
    try {
      const on = async (email: string) => {
        const c = new Client(guarded.base);
        const { sessionCode } = await startLogin(c);
        return (await c.post('/api/region/use/login', { email, password: DEMO_PASSWORD }, { headers: { session_code: sessionCode } })).body.errorCode as number;
      };
      // Captcha off for Use, on for Euw (the default region): a Use account, a Euw account and no account alike are asked.
      expect([await on('us@example.com'), await on('demo@example.com'), await on('nobody-here@example.com')]).toEqual([E.captchaRequired, E.captchaRequired, E.captchaRequired]);
    } finally {
      await guarded.close();
    }
  });

  it('on again for that region (a live edit): its risky sign-ins are asked again', async () => {
    writeConfig(null);
    expect((await signInOn('/api/region/use', 'us@example.com')).body.errorCode).toBe(E.captchaRequired);
    expect((await new Client(t.base).get('/api/region/use/captcha/challenge')).status).toBe(200);
  });
});
