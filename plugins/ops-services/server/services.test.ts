/**
 * The services section's calls against a real server (SQLite, and PostgreSQL with
 * scripts/test-postgres.sh): roles, the fresh confirmation of a new service and of a secret's
 * rotation, the clients check and the contrast check, a secret shown once and kept as a hash
 * (the OpenID provider and the hand-off take it; a rotation's old one works through its overlap
 * only), the audit log without a secret, and the images: what is taken and how it is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, enrolOperator, operatorCode, signIn, startServer, type TestServer } from '../../../server/test/harness';
import { SERVICES_CALLS as C, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_QUOTA_BYTES, secretPath, servicePath, type ServiceFields, type ServiceList, type ServiceRefusal, type ServiceSaved } from '../contract';
import type { ContrastProblem } from '@portal/plugin-api/contract';
import { servicesStore } from './tables';

let t: TestServer;
let operator: { c: Client; secret: string };
let viewer: { c: Client; secret: string };
beforeAll(async () => {
  t = await startServer();
  operator = await enrolOperator(t, 'olga.operator@ops.example', 'operator');
  viewer = await enrolOperator(t, 'vik.viewer@ops.example', 'viewer');
});
afterAll(async () => t.close());

const ops = (path: string) => `/api/ops${path}`;

function service(id: string, extra: Partial<ServiceFields> = {}): ServiceFields {
  return { id, name: `Service ${id}`, redirectUris: [`https://${id}.example/callback`], postLogoutRedirectUris: [`https://${id}.example/`], ...extra };
}

/** A fresh second factor for the operator (a dangerous action within the next 5 minutes). */
async function confirm(who: { c: Client; secret: string }) {
  t.clock.advance(30_000);
  const res = await who.c.post(ops('/confirm'), { type: 'totp', code: operatorCode(t, who.secret) });
  expect(res.status).toBe(200);
}

async function create(id: string, confidential: boolean, extra: Partial<ServiceFields> = {}) {
  await confirm(operator);
  return operator.c.post<{ result: ServiceSaved }>(ops(C.services), { service: service(id, extra), confidential, reason: 'Connect a new service' });
}

async function auditOf(target: string) {
  return (await operator.c.get(ops(`/audit?target=${encodeURIComponent(target)}`))).body.result.items as Array<{ action: string; actorEmail: string; reason: string | null; before: unknown; after: unknown }>;
}

/** The token endpoint with a made-up code: 401 invalid_client when the client's secret is wrong, 400 invalid_grant when it was right. */
async function tokenWith(id: string, secret: string): Promise<number> {
  const res = await fetch(`${t.base}/api/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: 'not-a-real-code', redirect_uri: `https://${id}.example/callback`, code_verifier: 'x'.repeat(43) }).toString(),
  });
  return res.status;
}

describe('services: who may do what', () => {
  it('lets a viewer read the services and the base themes but change nothing (403), even confirmed', async () => {
    expect((await viewer.c.get(ops(C.services))).status).toBe(200);
    const themes = await viewer.c.get(ops(C.themes));
    expect(themes.body.result.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['default', 'midnight']));
    await confirm(viewer);
    expect((await viewer.c.post(ops(C.services), { service: service('viewer-made'), confidential: false, reason: 'Try it' })).status).toBe(403);
    expect((await viewer.c.req('PUT', ops(servicePath('viewer-made')), { body: { service: service('viewer-made'), reason: 'Try it' } })).status).toBe(403);
    expect((await viewer.c.post(ops(secretPath('viewer-made')), { overlapHours: 0, reason: 'Try it' })).status).toBe(403);
    expect((await viewer.c.post(ops(C.images), { contentType: 'image/png', data: 'iVBORw0KGgo=' })).status).toBe(403);
  });

  it("refuses an end user's token on every services route, and a stranger", async () => {
    const user = new Client(t.base);
    await signIn(user, 'demo@example.com', DEMO_PASSWORD);
    for (const [method, path] of [['GET', C.services], ['GET', C.themes], ['POST', C.services], ['PUT', servicePath('x')], ['POST', secretPath('x')], ['POST', C.images]] as const) {
      const res = method === 'GET' ? await user.get(ops(path), { auth: true }) : method === 'PUT' ? await user.req('PUT', ops(path), { body: {}, auth: true }) : await user.post(ops(path), {}, { auth: true });
      expect(res.status, `${method} ${path}`).toBe(401);
      const stranger = new Client(t.base);
      expect((await stranger.req(method, ops(path), method === 'GET' ? {} : { body: {} })).status, `${method} ${path} (no session)`).toBe(401);
    }
  });

  it('asks for a fresh second factor before creating a service, editing one (its redirect URIs) and rotating a secret', async () => {
    t.clock.advance(6 * 60_000);
    const refused = await operator.c.post(ops(C.services), { service: service('needs-confirm'), confidential: false, reason: 'Connect it' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: E.mfaRequired, result: { confirm: true } });
    expect((await create('needs-confirm', false)).status).toBe(200);
    t.clock.advance(6 * 60_000);
    expect((await operator.c.req('PUT', ops(servicePath('needs-confirm')), { body: { service: service('needs-confirm', { name: 'Renamed' }), reason: 'Its new name' } })).body.errorCode).toBe(E.mfaRequired);
    expect((await operator.c.post(ops(secretPath('needs-confirm')), { overlapHours: 0, reason: 'Make it confidential' })).body.errorCode).toBe(E.mfaRequired);
  });
});

describe('services: images from the portal only', () => {
  it('refuses a logo or slide on another host (it would widen every page\'s CSP and track visitors)', async () => {
    for (const branding of [{ logoUrl: 'https://tracker.example/l.png' }, { titleLogoUrl: '//tracker.example/l.png' }, { carousel: [{ fileUrl: 'https://tracker.example/s.png' }] }]) {
      const res = await create('outside-images', false, { branding });
      expect([JSON.stringify(branding), res.status, (res.body as unknown as { errorCode: number }).errorCode]).toEqual([JSON.stringify(branding), 400, E.invalidParameter]);
    }
  });
});

describe('services: ids no service may take', () => {
  it("refuses a partner app's id (its tokens reach the whole API) and a built-in id in another case (attack review of issue 28)", async () => {
    for (const id of ['partner-app-android', 'partner-app-ios', 'Portal', 'PORTAL']) {
      const res = await create(id, true);
      expect([id, res.status]).toEqual([id, 400]);
      expect(JSON.stringify(res.body)).toMatch(/built-in client's id/);
    }
  });
});

describe('services: creating and editing', () => {
  it('creates a confidential service: its secret shown once, stored as a hash only, taken by the OpenID provider at once', async () => {
    const res = await create('billing', true, { grantTypes: ['authorization_code'], tokenEndpointAuthMethod: 'client_secret_basic' });
    expect(res.status).toBe(200);
    const { secret, service: item, version } = res.body.result;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ id: 'billing', confidential: true, previousSecretUntil: null, grantTypes: ['authorization_code'] });
    // Listed without it; the stored version holds its SHA-256 only.
    const list = (await viewer.c.get<{ result: ServiceList }>(ops(C.services))).body.result;
    expect(list.version).toBe(version);
    expect(JSON.stringify(list)).not.toContain(secret!);
    const stored = await t.server.ctx.stores.global.selectFrom('config_versions').select('body').where('target', '=', 'clients').where('version', '=', version).executeTakeFirstOrThrow();
    expect(stored.body).not.toContain(secret!);
    expect(stored.body).toContain('"secretHash"');
    // Applied without a restart: the provider authenticates the service with it.
    expect(await tokenWith('billing', secret!)).toBe(400);
    expect(await tokenWith('billing', 'wrong-secret-wrong-secret-wrong-secret')).toBe(401);
    // Audited, with no secret nor hash.
    const [entry] = await auditOf('service:billing');
    expect(entry).toMatchObject({ action: 'service.create', actorEmail: 'olga.operator@ops.example', reason: 'Connect a new service', before: null });
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`${secret}|secretHash|[0-9a-f]{64}`));
    expect(entry!.after).toMatchObject({ id: 'billing', secret: '(set)' });
  });

  it('creates a public service without a secret, and refuses a second service with the same id', async () => {
    const res = await create('public-app', false);
    expect(res.body.result.secret).toBeUndefined();
    expect(res.body.result.service.confidential).toBe(false);
    const again = await create('public-app', false);
    expect(again.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'id' } });
  });

  it('refuses what the clients check refuses (a relative redirect URI, an unknown theme), naming the field, and stores nothing', async () => {
    const before = (await operator.c.get<{ result: ServiceList }>(ops(C.services))).body.result.version;
    const bad = await create('bad-uri', false, { redirectUris: ['/callback'] });
    expect(bad.status).toBe(400);
    expect((bad.body.result as unknown as ServiceRefusal).problems!.join('\n')).toMatch(/redirectUris\[0\].*absolute/);
    const theme = await create('bad-theme', false, { branding: { theme: { name: 'no-such-theme' } } });
    expect(theme.status).toBe(400);
    expect((await operator.c.get<{ result: ServiceList }>(ops(C.services))).body.result.version).toBe(before);
  });

  it('refuses colours below AA with the measured ratio and a passing suggestion, then takes the suggestion', async () => {
    const branding = { title: 'Bright Co', theme: { name: 'default', overrides: { colors: { primary: '#7fb3ff' } } } };
    const refused = await create('bright', false, { branding });
    expect(refused.status).toBe(400);
    const problems = (refused.body.result as unknown as ServiceRefusal).contrast as ContrastProblem[];
    expect(problems.map((p) => p.pair)).toEqual(['buttonText', 'linkOnCard', 'linkOnPage']);
    expect(problems[0]).toMatchObject({ fg: 'primaryText', bg: 'primary', bgColor: '#7fb3ff' });
    expect(problems[0]!.ratio).toBeLessThan(4.5);
    // The links' suggestion: a darker blue that passes on the card and the page alike.
    const suggestion = problems.find((p) => p.pair === 'linkOnPage')!.suggestion!;
    const fixed = await create('bright', false, { branding: { ...branding, theme: { name: 'default', overrides: { colors: { primary: suggestion } } } } });
    expect(fixed.status).toBe(200);
    // The clients table follows the new version a moment later (the listener's sync is not awaited by the store).
    await expect.poll(async () => (await new Client(t.base).get(`/api/client/custom/banner-and-logo?clientId=bright`)).body.result).toMatchObject({ title: 'Bright Co', theme: { name: 'default', overrides: { colors: { primary: suggestion } } } });
  });

  it('edits a service: its fields replaced, what the console does not edit (the secret) kept; audited before and after', async () => {
    const created = await create('edited', true);
    const secret = created.body.result.secret!;
    const res = await operator.c.req<{ result: ServiceSaved }>('PUT', ops(servicePath('edited')), {
      body: {
      service: service('edited', { name: 'Edited Service', redirectUris: ['https://edited.example/callback', 'https://edited.example/other'], backchannelLogoutUri: 'https://edited.example/logout', branding: { title: 'Edited', carousel: [{ fileUrl: '/api/branding/slide-1.svg', description: 'Hello', texts: { de_DE: { description: 'Hallo' } } }] } }),
      reason: 'Second callback',
      baseVersion: created.body.result.version,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.service).toMatchObject({ name: 'Edited Service', confidential: true, backchannelLogoutUri: 'https://edited.example/logout' });
    expect(await tokenWith('edited', secret)).toBe(400);
    const [entry] = await auditOf('service:edited');
    expect(entry).toMatchObject({ action: 'service.update', reason: 'Second callback', before: { name: 'Service edited' }, after: { name: 'Edited Service', branding: { carousel: [{ texts: { de_DE: { description: 'Hallo' } } }] } } });
    // Unknown service.
    expect((await operator.c.req('PUT', ops(servicePath('nobody')), { body: { service: service('nobody'), reason: 'Edit it' } })).status).toBe(404);
  });
});

describe('services: two operators, two instances', () => {
  const put = (id: string, name: string, baseVersion?: number) =>
    operator.c.req<{ result: ServiceSaved; errorCode?: number }>('PUT', ops(servicePath(id)), { body: { service: service(id, { name }), reason: 'Rename it', ...(baseVersion ? { baseVersion } : {}) } });

  it("refuses an edit opened before another operator's change of that service (409), and takes one of another service", async () => {
    await create('first-svc', false);
    await create('second-svc', false);
    const opened = (await operator.c.get<{ result: ServiceList }>(ops(C.services))).body.result.version!;
    await confirm(operator);
    expect((await put('first-svc', 'Changed by someone else', opened)).status).toBe(200);
    const stale = await put('first-svc', 'My older edit', opened);
    // An edit that names no version would overwrite unseen: refused (attack review).
    expect((await put('first-svc', 'No version named')).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'baseVersion' } });
    expect([stale.status, stale.body.errorCode, stale.body.result]).toEqual([409, E.invalidParameter, { field: 'baseVersion', current: opened + 1 }]);
    const other = await put('second-svc', 'Edited from the same page', opened);
    expect([other.status, other.body.result.service.name]).toEqual([200, 'Edited from the same page']);
    const names = (await operator.c.get<{ result: ServiceList }>(ops(C.services))).body.result.services.filter((x) => x.id.endsWith('-svc')).map((x) => x.name);
    expect(names).toEqual(['Changed by someone else', 'Edited from the same page']);
  });

  it("keeps another instance's change stored between this one's read and its write (the edit is redone on top, not written over it)", async () => {
    const opened = (await create('racing-svc', false)).body.result.version;
    const versions = t.server.ctx.configs;
    const apply = versions.applyVersion.bind(versions);
    let raced = false;
    // Another instance stores its change of another service just before this instance's write.
    versions.applyVersion = async (target, body, change) => {
      if (!raced && target === 'clients') {
        raced = true;
        const current = versions.currentVersion('clients')!;
        const theirs = (current.body as Array<{ id: string; name?: string }>).map((e) => (e.id === 'second-svc' ? { ...e, name: 'Renamed on the other instance' } : e));
        await apply('clients', theirs, { by: { email: 'other@ops.example', role: 'operator' }, reason: 'Elsewhere', baseVersion: current.version });
      }
      return apply(target, body, change);
    };
    try {
      expect((await put('racing-svc', 'Renamed here', opened)).status).toBe(200);
    } finally {
      versions.applyVersion = apply;
    }
    expect(raced).toBe(true);
    const byId = Object.fromEntries((await operator.c.get<{ result: ServiceList }>(ops(C.services))).body.result.services.map((x) => [x.id, x.name]));
    expect([byId['racing-svc'], byId['second-svc']]).toEqual(['Renamed here', 'Renamed on the other instance']);
  });
});

describe('services: rotating a secret', () => {
  it('gives a new secret; the old one works through the overlap only; the hand-off endpoint agrees', async () => {
    const first = (await create('rotating', true)).body.result.secret!;
    await confirm(operator);
    const res = await operator.c.post<{ result: ServiceSaved }>(ops(secretPath('rotating')), { overlapHours: 2, reason: 'Yearly rotation' });
    expect(res.status).toBe(200);
    const second = res.body.result.secret!;
    expect(second).not.toBe(first);
    expect(Math.abs(res.body.result.service.previousSecretUntil! - (t.server.ctx.now() + 2 * 3_600_000))).toBeLessThan(5000);
    expect(await tokenWith('rotating', first)).toBe(400);
    expect(await tokenWith('rotating', second)).toBe(400);
    const [entry] = await auditOf('service:rotating');
    expect(entry).toMatchObject({ action: 'service.secret', reason: 'Yearly rotation', after: { overlapHours: 2 } });
    expect(JSON.stringify(entry)).not.toContain(second);
    t.clock.advance(2 * 3_600_000);
    // The operator's session has ended meanwhile: the next tests sign a new one in.
    operator = await enrolOperator(t, 'olga.after.overlap@ops.example', 'operator');
    expect(await tokenWith('rotating', first)).toBe(401);
    expect(await tokenWith('rotating', second)).toBe(400);
    // The portal's own token endpoint (the spec's hand-off) takes the same secret and refuses the old one.
    const handOff = (secret: string) => new Client(t.base).post('/api/token', { code: 'not-a-real-code', code_verifier: 'x'.repeat(43), redirect_uri: 'https://rotating.example/callback', client_id: 'rotating', client_secret: secret });
    expect((await handOff(first)).status).not.toBe(200);
  });

  it('a rotation without overlap ends the old secret at once; a public service becomes confidential', async () => {
    const first = (await create('no-overlap', true)).body.result.secret!;
    await confirm(operator);
    const second = (await operator.c.post<{ result: ServiceSaved }>(ops(secretPath('no-overlap')), { overlapHours: 0, reason: 'Leaked' })).body.result.secret!;
    expect(await tokenWith('no-overlap', first)).toBe(401);
    expect(await tokenWith('no-overlap', second)).toBe(400);
    await create('was-public', false);
    await confirm(operator);
    const made = await operator.c.post<{ result: ServiceSaved }>(ops(secretPath('was-public')), { overlapHours: 24, reason: 'Now has a back end' });
    expect(made.body.result.service).toMatchObject({ confidential: true, previousSecretUntil: null });
    expect(await tokenWith('was-public', made.body.result.secret!)).toBe(400);
  });
});

describe('services: images', () => {
  // A 1×1 transparent PNG as image tools write it (sharp's own output): a hand-made one without its pixel's bytes is refused as unreadable.
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082', 'hex');

  it('stores a PNG once by its SHA-256 and serves it to anyone from the portal, immutable, nosniff, under a CSP of its own', async () => {
    const res = await operator.c.post<{ result: { url: string } }>(ops(C.images), { contentType: 'image/png', data: PNG.toString('base64') });
    expect(res.status).toBe(200);
    const url = res.body.result.url;
    expect(url).toMatch(/^\/api\/ops-services\/images\/[0-9a-f]{64}\.png$/);
    expect((await operator.c.post<{ result: { url: string } }>(ops(C.images), { contentType: 'image/png', data: PNG.toString('base64') })).body.result.url).toBe(url);
    const served = await fetch(`${t.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('cache-control')).toContain('immutable');
    // What is served is the upload encoded anew: a PNG of the same size.
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    // Another extension or name finds nothing.
    expect((await fetch(`${t.base}${url.replace('.png', '.gif')}`)).status).toBe(404);
    expect((await fetch(`${t.base}/api/ops-services/images/constructor`)).status).toBe(404);
  });

  it('refuses SVG, bytes that are not what they claim, and an image over the limit', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    expect((await operator.c.post(ops(C.images), { contentType: 'image/svg+xml', data: svg })).status).toBe(400);
    expect((await operator.c.post(ops(C.images), { contentType: 'image/png', data: svg })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'contentType' } });
    expect((await operator.c.post(ops(C.images), { contentType: 'image/jpeg', data: PNG.toString('base64') })).status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]).toString('base64');
    expect((await operator.c.post(ops(C.images), { contentType: 'image/png', data: big })).status).toBe(400);
  });

  /** A real PNG of `width` × `height` pixels, as an image editor would write it. */
  const sized = async (width: number, height: number) => (await sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64');
  const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)).toString('base64');

  it('refuses an image wider or taller than the limit, and one that cannot be decoded', async () => {
    for (const [w, h] of [[IMAGE_MAX_SIDE + 1, 10], [10, IMAGE_MAX_SIDE + 1]]) {
      const res = await operator.c.post(ops(C.images), { contentType: 'image/png', data: await sized(w!, h!) });
      expect(res.body, `${w}×${h}`).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'data', maxSide: IMAGE_MAX_SIDE } });
    }
    expect((await operator.c.post(ops(C.images), { contentType: 'image/png', data: await sized(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE) })).status).toBe(200);
    const headerOnly = PNG.subarray(0, 12).toString('base64');
    expect((await operator.c.post(ops(C.images), { contentType: 'image/png', data: headerOnly })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'data' } });
  });

  it('judges the pixels a browser would decode, not the header alone (attack review: a GIF frame larger than its screen, a JPEG fill byte before its frame header)', async () => {
    // Both headers say a few pixels (a header reader took them for 1×1 and 16×16); browsers drew 20000² and 8000².
    for (const [name, type] of [['gif-frame-larger-than-screen.gif', 'image/gif'], ['jpeg-fill-byte-8000.jpg', 'image/jpeg']] as const) {
      expect((await operator.c.post(ops(C.images), { contentType: type, data: fixture(name) })).body, name).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'data', maxSide: IMAGE_MAX_SIDE } });
    }
  });

  it('keeps the images within their room: an upload past it first sweeps old images no version names, then is refused', async () => {
    const store = servicesStore(t.server.ctx);
    const row = (digest: string, size: number, createdAt: number) => ({ digest, content_type: 'image/png', data: PNG.toString('base64'), size, created_at: createdAt, created_by: 'test' });
    // A saved service names one image; two more were uploaded and never saved, one long ago, one just now.
    const named = (await operator.c.post<{ result: { url: string } }>(ops(C.images), { contentType: 'image/png', data: await sized(2, 2) })).body.result.url;
    expect((await create('quota-svc', false, { branding: { logoUrl: named } })).status).toBe(200);
    const namedDigest = /([0-9a-f]{64})/.exec(named)![1]!;
    const now = Date.now() + t.clock.offset;
    await store.updateTable('ops_services_images').set({ size: IMAGE_QUOTA_BYTES / 2, created_at: now - 2 * 3600_000 }).where('digest', '=', namedDigest).execute();
    await store.insertInto('ops_services_images').values([row('a'.repeat(64), IMAGE_QUOTA_BYTES / 4, now - 2 * 3600_000), row('b'.repeat(64), IMAGE_QUOTA_BYTES / 4, now - 60_000)]).execute();
    // Full: the old unnamed one makes room, the named one and the fresh one stay.
    expect((await operator.c.post(ops(C.images), { contentType: 'image/png', data: await sized(3, 3) })).status).toBe(200);
    const left = (await store.selectFrom('ops_services_images').select('digest').execute()).map((r) => r.digest);
    expect(left).not.toContain('a'.repeat(64));
    expect(left).toEqual(expect.arrayContaining([namedDigest, 'b'.repeat(64)]));
    // Full again with nothing to sweep: refused, naming the room.
    await store.updateTable('ops_services_images').set({ size: IMAGE_QUOTA_BYTES / 2 }).where('digest', '=', 'b'.repeat(64)).execute();
    expect((await operator.c.post(ops(C.images), { contentType: 'image/png', data: await sized(4, 4) })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'data', quotaBytes: IMAGE_QUOTA_BYTES } });
    await store.deleteFrom('ops_services_images').where('digest', 'in', ['b'.repeat(64)]).execute();
    await store.updateTable('ops_services_images').set({ size: 100 }).execute();
  });
});
