/**
 * The slider captcha over real HTTP: what the frame gets before it is solved (page, script,
 * challenge JSON, image URLs, headers, image sizes) never carries the answer; the images are
 * rasters that hold the gap and the piece; each image URL works once; verification keeps its
 * rules (images seen first, drag time, tolerance, attempts, expiry, single-use token).
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaChallenge } from '../../core/contract/captcha';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { coverage, PUZZLE, puzzleLayout } from '../../plugins/captcha/server/puzzle';
import { CAPTCHA, consumeCaptchaToken } from '../../plugins/captcha/server/captcha';
import { sha256 } from '../domain/crypto';
import { formulaTrace, humanTrace } from './captchaTraces';
import { Client, startServer, type TestServer } from './harness';
import { captchaStore } from '../../plugins/captcha/server/tables';
import captchaHalf from '../../plugins/captcha/server/index';

let t: TestServer;
let c: Client;
beforeAll(async () => {
  // Far more puzzles than a client may have in 15 minutes: the limits are tested in captchaGuessing.test.ts.
  t = await startServer({ limits: { captchaPuzzlesPerClient: 10_000, captchaAnswersPerClient: 10_000 } });
  c = new Client(t.base);
});
afterAll(async () => t?.close());

interface Png {
  width: number;
  height: number;
  channels: number;
  chunks: string[];
  pixels: Uint8Array;
}

/** Decodes an 8-bit RGB/RGBA PNG (all five row filters). */
function decodePng(buf: Buffer): Png {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
    }
    if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const cc = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - cc;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - cc) ? a : Math.abs(p - b) <= Math.abs(p - cc) ? b : cc;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + i] = (v + pred) & 0xff;
    }
  }
  return { width, height, channels, chunks, pixels };
}

async function bytes(url: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function challenge(): Promise<CaptchaChallenge> {
  const res = await c.get('/api/captcha/challenge');
  expect(res.status).toBe(200);
  return res.body.result as CaptchaChallenge;
}

const row = (id: string) => captchaStore(t.server.ctx).selectFrom('captcha_challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
/** A puzzle whose images the client has fetched, old enough for a 680 ms drag (humanTrace). */
async function seenPuzzle() {
  const ch = await challenge();
  expect((await bytes(ch.imageUrl)).status).toBe(200);
  expect((await bytes(ch.pieceUrl)).status).toBe(200);
  t.clock.advance(1000);
  return { ch, answer: (await row(ch.challengeId)).target_x };
}

const verify = (challengeId: string, x: number, path: number[][] = humanTrace(x)) => c.post('/api/captcha/verify', { challengeId, x, trail: path });

describe('captcha: nothing gives the answer away', () => {
  it('serves the same page, script and JSON for every puzzle, but for random ids', async () => {
    const page = async () => (await c.get('/api/captcha/frame?lang=en_US')).text.replace(/nonce-[^']+'|nonce="[^"]+"/g, 'NONCE');
    const pageBefore = await page();
    const scriptBefore = (await c.get('/api/captcha/frame.js')).text;
    const challenges: CaptchaChallenge[] = [];
    const lengths = new Set<string | null>();
    for (let i = 0; i < 10; i++) {
      const res = await c.get('/api/captcha/challenge');
      lengths.add(res.headers.get('content-length'));
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
      challenges.push(res.body.result);
    }
    const rows = await Promise.all(challenges.map((ch) => row(ch.challengeId)));
    // The answers differ (so the comparison below means something) …
    expect(new Set(rows.map((r) => r.target_x)).size).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.piece_y)).size).toBeGreaterThan(3);
    // … the JSON does not: with its random ids replaced, every challenge reads the same, with the same length.
    const shapes = challenges.map((ch) => JSON.stringify({ ...ch, challengeId: '<id>', imageUrl: ch.imageUrl.replace(keyOf(ch.imageUrl), '<key>'), pieceUrl: ch.pieceUrl.replace(keyOf(ch.pieceUrl), '<key>') }));
    expect(new Set(shapes).size).toBe(1);
    expect(lengths.size).toBe(1);
    expect(JSON.parse(shapes[0]!)).toEqual({
      challengeId: '<id>',
      width: PUZZLE.width,
      height: PUZZLE.height,
      pieceSize: PUZZLE.strip,
      pieceY: 0,
      imageUrl: `${t.base}/api/captcha/image/<key>`,
      pieceUrl: `${t.base}/api/captcha/piece/<key>`,
      expiresIn: CAPTCHA.challengeSeconds,
    });
    // The ids are random tokens of their own: not derived from one another, nor stored as they are.
    const ids = challenges.flatMap((ch) => [ch.challengeId, keyOf(ch.imageUrl), keyOf(ch.pieceUrl)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, ch] of challenges.entries()) {
      expect(keyOf(ch.imageUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(keyOf(ch.pieceUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(ch.challengeId).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const r = rows[i]!;
      expect(r.image_key_hash).toBe(sha256(keyOf(ch.imageUrl)));
      expect(r.piece_key_hash).toBe(sha256(keyOf(ch.pieceUrl)));
      const stored = JSON.stringify(r);
      expect(stored).not.toContain(keyOf(ch.imageUrl));
      expect(stored).not.toContain(keyOf(ch.pieceUrl));
      const sent = JSON.stringify(ch);
      for (const secret of [r.seed, r.seed.slice(0, 16), r.image_key_hash!, r.piece_key_hash!]) expect(sent).not.toContain(secret);
    }
    // The page and its script are static: the same before and after puzzles were made.
    expect(await page()).toBe(pageBefore);
    expect((await c.get('/api/captcha/frame.js')).text).toBe(scriptBefore);
    for (const r of rows) for (const secret of [r.seed.slice(0, 16), r.id]) expect(pageBefore + scriptBefore).not.toContain(secret);
  });

  it('serves images of fixed dimensions and byte length, without metadata, not to be cached', async () => {
    const sizes = { image: new Set<number>(), piece: new Set<number>() };
    for (let i = 0; i < 6; i++) {
      const ch = await challenge();
      for (const [kind, url] of [
        ['image', ch.imageUrl],
        ['piece', ch.pieceUrl],
      ] as const) {
        const res = await bytes(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('etag')).toBeNull();
        expect(res.headers.get('last-modified')).toBeNull();
        expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
        sizes[kind].add(res.body.length);
        const png = decodePng(res.body);
        expect(png.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
        expect([png.width, png.height, png.channels]).toEqual(kind === 'image' ? [PUZZLE.width, PUZZLE.height, 3] : [PUZZLE.strip, PUZZLE.height, 4]);
      }
    }
    expect(sizes.image.size).toBe(1);
    expect(sizes.piece.size).toBe(1);
  });

  it('answers a near and a far miss alike', async () => {
    const near = await seenPuzzle();
    const far = await seenPuzzle();
    const a = await verify(near.ch.challengeId, near.answer + CAPTCHA.tolerance + 1);
    const b = await verify(far.ch.challengeId, far.answer > 150 ? far.answer - 80 : far.answer + 80);
    expect(a.status).toBe(400);
    expect(a.text).toBe(b.text);
    expect(a.body).toEqual({ errorCode: E.invalidParameter, message: 'Verification failed. Please try again.', result: { reload: true } });
  });
});

describe('captcha: the picture', () => {
  it('draws the gap into the background and cuts the piece from the same scene', async () => {
    const pictures = new Set<string>();
    for (let n = 0; n < 4; n++) {
      const ch = await challenge();
      const r = await row(ch.challengeId);
      const bg = decodePng((await bytes(ch.imageUrl)).body);
      const piece = decodePng((await bytes(ch.pieceUrl)).body);
      pictures.add(sha256(Buffer.from(bg.pixels)));
      const layout = puzzleLayout({ targetX: r.target_x, gapY: r.piece_y, seed: r.seed });
      // The piece image is transparent but for the piece, which sits at the gap's height.
      let inside = 0;
      let bgSum = 0;
      let pieceSum = 0;
      for (let y = 0; y < PUZZLE.height; y++) {
        for (let x = 0; x < PUZZLE.strip; x++) {
          const alpha = piece.pixels[(y * PUZZLE.strip + x) * 4 + 3]!;
          const cov = coverage(layout.piece, layout.pieceBodyX, r.piece_y, x, y);
          if (cov === 0) expect(alpha).toBe(0);
          if (cov === 1) expect(alpha).toBe(255);
          // Deep inside both the piece and the gap (away from rims): the background there is the
          // scene darkened, the piece the scene itself.
          const bx = r.target_x + x;
          if (coverage(layout.piece, layout.pieceBodyX, r.piece_y, x, y, 3) === 1 && coverage(layout.gap, layout.gapX, layout.gapY, bx, y, 3) === 1) {
            inside++;
            for (let k = 0; k < 3; k++) {
              bgSum += bg.pixels[(y * PUZZLE.width + bx) * 3 + k]!;
              pieceSum += piece.pixels[(y * PUZZLE.strip + x) * 4 + k]!;
            }
          }
        }
      }
      expect(inside).toBeGreaterThan(250);
      const ratio = bgSum / pieceSum;
      expect(ratio).toBeGreaterThan(layout.shade / layout.brightness - 0.06);
      expect(ratio).toBeLessThan(layout.shade / layout.brightness + 0.06);
    }
    expect(pictures.size).toBe(4);
  });
});

describe('captcha: serving and verifying', () => {
  it('serves each image once, and only while its puzzle is open', async () => {
    const ch = await challenge();
    expect((await bytes(ch.imageUrl)).status).toBe(200);
    expect((await bytes(ch.imageUrl)).status).toBe(404);
    expect((await bytes(ch.pieceUrl)).status).toBe(200);
    expect((await bytes(ch.pieceUrl)).status).toBe(404);
    // The URL of one image is not that of the other, nor of another puzzle.
    const other = await challenge();
    expect((await bytes(other.imageUrl.replace('/image/', '/piece/'))).status).toBe(404);
    expect((await bytes(other.pieceUrl)).status).toBe(200);
    const expiring = await challenge();
    t.clock.advance(CAPTCHA.challengeSeconds * 1000 + 1);
    expect((await bytes(expiring.imageUrl)).status).toBe(404);
    expect((await bytes(expiring.pieceUrl)).status).toBe(404);
    // Malformed keys are refused by the schema, unknown ones are not found.
    expect((await c.get('/api/captcha/image/short')).status).toBe(400);
    expect((await c.get(`/api/captcha/piece/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('needs both images served, and a drag no longer than the time since', async () => {
    const half = await challenge();
    expect((await bytes(half.imageUrl)).status).toBe(200);
    t.clock.advance(1000);
    expect((await verify(half.challengeId, (await row(half.challengeId)).target_x)).body.errorCode).toBe(E.invalidParameter);
    // Just served: a 680 ms drag cannot have happened yet; 800 ms later it can.
    for (const [wait, status] of [
      [0, 400],
      [800, 200],
    ] as const) {
      const ch = await challenge();
      expect((await bytes(ch.imageUrl)).status).toBe(200);
      expect((await bytes(ch.pieceUrl)).status).toBe(200);
      t.clock.advance(wait);
      const res = await verify(ch.challengeId, (await row(ch.challengeId)).target_x);
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('accepts a drop within the tolerance only, with a plausible trail', async () => {
    for (const delta of [CAPTCHA.tolerance, -CAPTCHA.tolerance]) {
      const { ch, answer } = await seenPuzzle();
      expect((await verify(ch.challengeId, answer + delta)).status).toBe(200);
    }
    for (const delta of [CAPTCHA.tolerance + 1, -CAPTCHA.tolerance - 1]) {
      const { ch, answer } = await seenPuzzle();
      expect((await verify(ch.challengeId, answer + delta)).body.errorCode).toBe(E.invalidParameter);
    }
    // The right answer with a trace no hand makes (one rule each, captcha/trace.ts): refused alike.
    const scripted = (x: number): number[][][] => [
      [],
      [[0, x, 0]],
      humanTrace(x, 150),
      humanTrace(x).map(([ms, px, y]) => [ms, Math.max(px, 30), y]),
      humanTrace(x - 20),
      [[0, 0, 0], [100, 0, 0], [300, 0, 0], [500, x, 0], [600, x, 0]],
      formulaTrace(x),
      humanTrace(x).reverse(),
    ];
    for (let i = 0; i < scripted(0).length; i++) {
      const { ch, answer } = await seenPuzzle();
      const res = await verify(ch.challengeId, answer, scripted(answer)[i]!);
      expect(res.body).toEqual({ errorCode: E.invalidParameter, message: 'Verification failed. Please try again.', result: { reload: true } });
    }
  });

  it('counts attempts, expires, and gives a token that works once and for two minutes', async () => {
    const { ch, answer } = await seenPuzzle();
    // One answer per puzzle: after a miss, the right answer is refused too (the puzzle is gone).
    expect(CAPTCHA.maxAttempts).toBe(1);
    expect((await verify(ch.challengeId, answer + 40)).body.result).toEqual({ reload: true });
    expect((await verify(ch.challengeId, answer)).body).toEqual({ errorCode: E.invalidParameter, message: 'The puzzle has expired. Please try a new one.', result: { reload: true } });

    const old = await seenPuzzle();
    t.clock.advance(CAPTCHA.challengeSeconds * 1000);
    expect((await verify(old.ch.challengeId, old.answer)).body.result).toEqual({ reload: true });

    const once = await seenPuzzle();
    const token = (await verify(once.ch.challengeId, once.answer)).body.result.token as string;
    expect((await verify(once.ch.challengeId, once.answer)).body.errorCode).toBe(E.invalidParameter);
    expect(await consumeCaptchaToken(t.server.ctx, token, null)).toBe(true);
    expect(await consumeCaptchaToken(t.server.ctx, token, null)).toBe(false);
    const stale = await seenPuzzle();
    const staleToken = (await verify(stale.ch.challengeId, stale.answer)).body.result.token as string;
    t.clock.advance(CAPTCHA.tokenSeconds * 1000 + 1);
    expect(await consumeCaptchaToken(t.server.ctx, staleToken, null)).toBe(false);
  });

  it('offers a keyboard-operable, labelled slider in the frame', async () => {
    const html = (await c.get('/api/captcha/frame?lang=de_DE')).text;
    const handle = /<button id="handle"[^>]*>/.exec(html)?.[0] ?? '';
    expect(handle).toContain('role="slider"');
    expect(handle).toContain('aria-label="Nach rechts schieben, um das Teil einzupassen"');
    expect(handle).toContain('aria-describedby="keys"');
    expect(handle).toContain(`aria-valuemax="${PUZZLE.width - PUZZLE.strip}"`);
    expect(html).toMatch(/<p id="keys" class="sr">Pfeiltasten[^<]+<\/p>/);
    expect(html).toMatch(/#handle:focus-visible\{outline:3px solid/);
    const js = (await c.get('/api/captcha/frame.js')).text;
    for (const key of ['ArrowRight', 'ArrowLeft', 'Enter', 'aria-valuenow', 'aria-valuetext']) expect(js).toContain(key);
  });

  it('draws the frame mirrored in Arabic (the piece slides from the right), left to right otherwise', async () => {
    const arabic = (await c.get('/api/captcha/frame?lang=ar_SA')).text;
    expect(arabic).toContain('<html lang="ar-SA" dir="rtl">');
    expect(arabic).toContain('[dir=rtl] .stage,[dir=rtl] .track{transform:scaleX(-1)}');
    expect(/<button id="handle"[^>]*>/.exec(arabic)?.[0]).toContain('aria-label="اسحب إلى اليسار لتركيب القطعة"');
    expect((await c.get('/api/captcha/frame?lang=de_DE')).text).toContain('<html lang="de-DE" dir="ltr">');
    expect((await c.get('/api/captcha/frame?lang=ja_JP')).text).toContain('<html lang="ja-JP" dir="ltr">');
  });

  it('speaks every portal language, from locales/<lang>/captcha-frame.json, and English for any other code', async () => {
    const page = async (lang: string) => {
      const html = (await c.get(`/api/captcha/frame?lang=${lang}`)).text;
      const texts = JSON.parse(/<script type="application\/json" id="texts">([^<]*)<\/script>/.exec(html)![1]!) as { hint: string; position: Record<string, string> };
      return { html, texts, title: /<title>([^<]*)<\/title>/.exec(html)![1], alt: /<img id="bg" alt="([^"]*)"/.exec(html)![1] };
    };
    const polish = await page('pl_PL');
    expect(polish.html).toContain('<html lang="pl-PL" dir="ltr">');
    expect([polish.title, polish.alt, polish.texts.hint]).toEqual(['Weryfikacja bezpieczeństwa', 'Przesuń, aby ułożyć układankę', 'Przesuń, aby ułożyć układankę']);
    expect(polish.html).toContain('>Nowa układanka</button>');
    // The spoken position comes in every plural form the language has; frame.js picks one.
    expect(Object.keys(polish.texts.position).sort()).toEqual(['few', 'many', 'one', 'other']);
    const japanese = await page('ja_JP');
    expect([japanese.title, japanese.alt]).toEqual(['セキュリティ確認', 'スライドしてパズルを完成させてください']);
    expect(Object.keys(japanese.texts.position)).toEqual(['other']);
    const arabic = await page('ar_SA');
    expect([arabic.title, arabic.alt]).toEqual(['التحقق الأمني', 'اسحب لإكمال اللغز']);
    expect(arabic.texts.position.many).toBe('القطعة عند {{x}} من {{count}} بكسلًا');
    const unknown = await page('xx_XX');
    expect(unknown.html).toContain('<html lang="en-US" dir="ltr">');
    expect([unknown.title, unknown.alt]).toEqual(['Security verification', 'Slide to complete the puzzle']);
  });
});

describe("the captcha's own clean-up", () => {
  it('its job deletes puzzles an hour past their expiry and keeps the rest', async () => {
    const job = captchaHalf.jobs?.find((j) => j.name === 'prune-puzzles');
    expect(job?.everyMs).toBe(60_000);
    const now = t.server.ctx.now();
    const puzzle = (id: string, expiresAt: number) => ({ id, target_x: 1, piece_y: 1, created_at: expiresAt - 120_000, expires_at: expiresAt, attempts: 0, seed: 's' });
    await captchaStore(t.server.ctx).insertInto('captcha_challenges').values([puzzle('long-gone', now - 3_700_000), puzzle('just-expired', now - 60_000), puzzle('live', now + 60_000)]).execute();
    await job!.run(t.server.ctx, ['Euw']);
    const left = await captchaStore(t.server.ctx).selectFrom('captcha_challenges').select('id').where('id', 'in', ['long-gone', 'just-expired', 'live']).orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['just-expired', 'live']);
  });
});

describe('counters by name (ctx.counter)', () => {
  it("give the captcha its counters once, and no plugin another window under a name in use (the core's included)", async () => {
    const ctx = t.server.ctx;
    expect(ctx.counter('captchaPuzzles', 15 * 60_000)).toBe(ctx.counter('captchaPuzzles', 15 * 60_000));
    expect(() => ctx.counter('captchaPuzzles', 60_000)).toThrow('counter captchaPuzzles counts over 900000 ms, not 60000 ms');
    expect(ctx.counter('authRate', 60_000)).toBe(ctx.authRate);
    expect(() => ctx.counter('loginFailures', 60_000)).toThrow('counter loginFailures counts over 900000 ms, not 60000 ms');
  });
});
