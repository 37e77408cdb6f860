/**
 * Blind guessing of the slider captcha over real HTTP: a client that never looks at the picture
 * gets no token, whether it posts bare answers, formula paths or plausible hand-like traces;
 * puzzles and answers are limited per client network and per sign-in address (15 minutes, -60001
 * with the wait); a puzzle dies after its one answer; a token opens only the sign-in it was issued
 * for. Client addresses are varied with X-Forwarded-For on a server that trusts it.
 *
 * The guesser is given the worst case wherever that keeps the test deterministic: its bare and
 * scripted answers are the right ones (a lucky guess), and so is every answer once the limits
 * are reached. Its plausible traces within the limits go to a random position off the answer: a
 * hit there is a real solve, with the probability stated in plugins/captcha/server/captcha.ts (7/185 a guess).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { PUZZLE } from '../../plugins/captcha/server/puzzle';
import { CAPTCHA, captchaSubject } from '../../plugins/captcha/server/captcha';
import { DEFAULT_LIMITS } from '../options';
import { formulaTrace, humanTrace, type Trace } from './captchaTraces';
import { Client, DEMO_PASSWORD, startLogin, startServer, type Res, type TestServer } from './harness';
import { captchaStore } from '../../plugins/captcha/server/tables';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
}, 30_000); // closing after 200 clients' connections can take a while on a loaded CI machine

/** A server with the default captcha limits; the per-minute request limit is raised so that what stops a guesser here is the captcha's own. */
async function server(limits: NonNullable<Parameters<typeof startServer>[0]>['limits'] = {}): Promise<TestServer> {
  t = await startServer({ trustProxy: 1, limits: { authPerMinute: 100_000, ...limits } });
  return t;
}

const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

interface Puzzle {
  challengeId: string;
  answer: number;
}

/** Asks for a puzzle from `ip` (for `subject`, if given) and fetches its two images; the answer comes from the store. */
async function ask(s: TestServer, ip: string, subject?: string): Promise<{ res: Res; puzzle: Puzzle | null }> {
  const c = new Client(s.base);
  const res = await c.get(`/api/captcha/challenge${subject ? `?for=${subject}` : ''}`, from(ip));
  if (res.status !== 200) return { res, puzzle: null };
  const ch = res.body.result;
  // Read to the end, as a browser does: an image left unread holds its connection open (the
  // server is still writing it), and the server's close would wait for it.
  for (const url of [ch.imageUrl, ch.pieceUrl] as string[]) {
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
  const row = await captchaStore(s.server.ctx).selectFrom('captcha_challenges').select('target_x').where('id', '=', ch.challengeId).executeTakeFirstOrThrow();
  return { res, puzzle: { challengeId: ch.challengeId as string, answer: row.target_x } };
}

const answer = (s: TestServer, ip: string, challengeId: string, x: number, trail: Trace) => new Client(s.base).post('/api/captcha/verify', { challengeId, x, trail }, from(ip));

/** A blind position on the track, off the answer by more than the tolerance. */
function blindMiss(right: number): number {
  for (;;) {
    const x = Math.floor(Math.random() * (PUZZLE.width - PUZZLE.strip + 1));
    if (Math.abs(x - right) > CAPTCHA.tolerance) return x;
  }
}

/** Guess `i`: bare (the right x), a formula path (right x), too fast (right x), or a hand-like trace at a blind position. */
function guess(i: number, puzzle: Puzzle, limited: boolean): { x: number; trail: Trace } {
  const right = puzzle.answer;
  switch (i % 4) {
    case 0:
      return { x: right, trail: i % 8 === 0 ? [] : [[0, right, 0]] };
    case 1:
      return { x: right, trail: formulaTrace(right, 300 + (i % 7) * 60, 6 + (i % 9)) };
    case 2:
      return { x: right, trail: humanTrace(right, 120) };
    default: {
      const x = limited ? right : blindMiss(right);
      return { x, trail: humanTrace(x, 450 + (i % 5) * 50) };
    }
  }
}

interface Tally {
  tokens: number;
  puzzles: number;
  refusedPuzzles: number;
  refusedAnswers: number;
  wrong: number;
}

/** Runs `rounds` guesses; each asks for a fresh puzzle (from `ipOf(i)`, for `subjectOf(i)`) and answers the newest one it holds. */
async function guessing(s: TestServer, rounds: number, ipOf: (i: number) => string, subjectOf: (i: number) => string | undefined): Promise<Tally> {
  const tally: Tally = { tokens: 0, puzzles: 0, refusedPuzzles: 0, refusedAnswers: 0, wrong: 0 };
  let held: Puzzle | null = null;
  let limited = false;
  for (let i = 0; i < rounds; i++) {
    const ip = ipOf(i);
    const { res, puzzle } = await ask(s, ip, subjectOf(i));
    if (puzzle) {
      held = puzzle;
      tally.puzzles++;
    } else {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ errorCode: E.rateLimited, result: { retryAfterSeconds: expect.any(Number) as unknown } });
      tally.refusedPuzzles++;
      limited = true;
    }
    s.clock.advance(1000);
    if (!held) continue;
    const { x, trail } = guess(i, held, limited);
    const verdict = await answer(s, ip, held.challengeId, x, trail);
    if (verdict.status === 200 && verdict.body.result?.token) tally.tokens++;
    else if (verdict.status === 429) tally.refusedAnswers++;
    else {
      expect(verdict.body.errorCode).toBe(E.invalidParameter);
      tally.wrong++;
    }
  }
  return tally;
}

describe('blind guessing', () => {
  it('200 guesses from one client, with and without fake traces, get no token', async () => {
    // What a blind drop is worth: 7 fitting positions of 185 answers.
    expect((2 * CAPTCHA.tolerance + 1) / (PUZZLE.maxX - PUZZLE.minX + 1)).toBeCloseTo(7 / 185);
    const s = await server();
    const subject = await captchaSubject(s.server.ctx, 'demo@example.com');
    // Half the puzzles for a sign-in of the demo account, half unbound (as for a registration).
    const tally = await guessing(s, 200, () => '198.51.100.23', (i) => (i % 2 ? subject : undefined));
    expect(tally.tokens).toBe(0);
    expect(tally.puzzles).toBe(DEFAULT_LIMITS.captchaPuzzlesPerClient);
    expect(tally.refusedPuzzles).toBe(200 - DEFAULT_LIMITS.captchaPuzzlesPerClient);
    // Its answers beyond the limit are refused unseen (the right position, on a puzzle already answered).
    expect(tally.wrong).toBe(DEFAULT_LIMITS.captchaAnswersPerClient);
    expect(tally.refusedAnswers).toBe(200 - DEFAULT_LIMITS.captchaAnswersPerClient);
    // A person on the same network now waits too; after the window, the network gets puzzles again.
    expect((await ask(s, '198.51.100.23')).res.status).toBe(429);
    s.clock.advance(15 * 60_000);
    const later = await ask(s, '198.51.100.23');
    s.clock.advance(1000);
    expect((await answer(s, '198.51.100.23', later.puzzle!.challengeId, later.puzzle!.answer, humanTrace(later.puzzle!.answer))).status).toBe(200);
  }, 60_000);

  it('200 guesses on one account from 200 client addresses get no token', async () => {
    const s = await server();
    const subject = await captchaSubject(s.server.ctx, 'demo@example.com');
    const tally = await guessing(s, 200, (i) => `10.77.${i}.1`, () => subject);
    expect(tally.tokens).toBe(0);
    expect(tally.puzzles).toBe(DEFAULT_LIMITS.captchaPuzzlesPerAccount);
    expect(tally.refusedPuzzles).toBe(200 - DEFAULT_LIMITS.captchaPuzzlesPerAccount);
    // A puzzle dies after its one answer: the right position sent again on it is refused.
    expect(tally.wrong).toBe(200);
    // Another address's sign-in is not held back by it.
    expect((await ask(s, '203.0.113.251', await captchaSubject(s.server.ctx, 'admin@example.com'))).res.status).toBe(200);
  }, 60_000);
});

describe('limits per window', () => {
  it('issues a client network so many puzzles per 15 minutes (IPv6 by its /64), then -60001 with the wait', async () => {
    const s = await server({ captchaPuzzlesPerClient: 4 });
    for (let n = 0; n < 4; n++) expect((await ask(s, `2001:db8:1:2::${n + 1}`)).res.status).toBe(200);
    const refused = (await ask(s, '2001:db8:1:2:ffff::9')).res;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorCode: E.rateLimited, result: { retryAfterSeconds: expect.any(Number) as unknown } });
    expect(refused.body.result.retryAfterSeconds).toBeGreaterThan(850);
    expect(refused.body.result.retryAfterSeconds).toBeLessThanOrEqual(900);
    // Another network is not affected; this one is, until the window has passed.
    expect((await ask(s, '2001:db8:1:3::1')).res.status).toBe(200);
    s.clock.advance(14 * 60_000);
    expect((await ask(s, '2001:db8:1:2::1')).res.status).toBe(429);
    s.clock.advance(60_000);
    expect((await ask(s, '2001:db8:1:2::1')).res.status).toBe(200);
  });

  it('counts puzzles and answers asked for at once: exactly the limit get through', async () => {
    const s = await server({ captchaPuzzlesPerClient: 5, captchaAnswersPerClient: 3 });
    const c = new Client(s.base);
    const asked = await Promise.all(Array.from({ length: 25 }, () => c.get('/api/captcha/challenge', from('198.51.100.60'))));
    expect(asked.filter((r) => r.status === 200)).toHaveLength(5);
    expect(asked.filter((r) => r.status === 429)).toHaveLength(20);
    const ids = asked.filter((r) => r.status === 200).map((r) => r.body.result.challengeId as string);
    const answers = await Promise.all(ids.map((id) => answer(s, '198.51.100.61', id, 100, humanTrace(100))));
    expect(answers.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('issues puzzles for one sign-in address so many times per 15 minutes, from all networks together', async () => {
    const s = await server({ captchaPuzzlesPerAccount: 3, captchaPuzzlesPerClient: 2 });
    const demo = await captchaSubject(s.server.ctx, 'Demo@Example.com ');
    expect(demo).toBe(await captchaSubject(s.server.ctx, 'demo@example.com'));
    for (let n = 1; n <= 3; n++) expect((await ask(s, `192.0.2.${n}`, demo)).res.status).toBe(200);
    expect((await ask(s, '192.0.2.4', demo)).res.status).toBe(429);
    // The refusal did not count against the network (it may have 2): unbound puzzles and other addresses go on.
    expect((await ask(s, '192.0.2.4')).res.status).toBe(200);
    expect((await ask(s, '192.0.2.4', await captchaSubject(s.server.ctx, 'admin@example.com'))).res.status).toBe(200);
    expect((await ask(s, '192.0.2.4')).res.status).toBe(429);
  });

  it('takes so many answers per 15 minutes from one network, whoever got the puzzles', async () => {
    const s = await server({ captchaAnswersPerClient: 3 });
    const puzzles: Puzzle[] = [];
    for (let n = 1; n <= 5; n++) puzzles.push((await ask(s, `10.9.0.${n}`)).puzzle!);
    s.clock.advance(1000);
    for (const p of puzzles.slice(0, 3)) expect((await answer(s, '10.9.9.9', p.challengeId, p.answer + 30, humanTrace(p.answer + 30))).body.errorCode).toBe(E.invalidParameter);
    // The fourth answer from that network is refused even when right; from another network it counts.
    const right = puzzles[3]!;
    const refused = await answer(s, '10.9.9.9', right.challengeId, right.answer, humanTrace(right.answer));
    expect(refused.status).toBe(429);
    expect(refused.body.result.retryAfterSeconds).toBeGreaterThan(0);
    expect((await answer(s, '10.9.9.10', right.challengeId, right.answer, humanTrace(right.answer))).status).toBe(200);
  });

  it('takes so many answers per 15 minutes on the puzzles of one sign-in address', async () => {
    const s = await server({ captchaAnswersPerAccount: 2 });
    const demo = await captchaSubject(s.server.ctx, 'demo@example.com');
    const puzzles: Puzzle[] = [];
    for (let n = 1; n <= 3; n++) puzzles.push((await ask(s, `10.8.0.${n}`, demo)).puzzle!);
    const other = (await ask(s, '10.8.0.9', await captchaSubject(s.server.ctx, 'admin@example.com'))).puzzle!;
    s.clock.advance(1000);
    for (const [n, p] of puzzles.slice(0, 2).entries()) expect((await answer(s, `10.8.1.${n}`, p.challengeId, p.answer + 30, humanTrace(p.answer + 30))).status).toBe(400);
    const last = puzzles[2]!;
    expect((await answer(s, '10.8.1.7', last.challengeId, last.answer, humanTrace(last.answer))).status).toBe(429);
    expect((await answer(s, '10.8.1.7', other.challengeId, other.answer, humanTrace(other.answer))).status).toBe(200);
  });
});

describe('a token for one sign-in', () => {
  /** Sign-ins from `ip` until the server asks for the captcha; resolves the -23029 result. */
  async function captchaDemand(s: TestServer, ip: string, email: string): Promise<{ captchaUrl: string }> {
    for (let i = 0; i < 4; i++) {
      const c = new Client(s.base);
      const { sessionCode } = await startLogin(c);
      const res = await c.post('/api/login', { email, password: 'Wrong-pass-1' }, { headers: { session_code: sessionCode, 'X-Forwarded-For': ip } });
      if (res.body.errorCode === E.captchaRequired) return res.body.result;
    }
    throw new Error('no captcha asked');
  }

  async function signInWith(s: TestServer, ip: string, email: string, captchaToken: string): Promise<Res> {
    const c = new Client(s.base);
    const { sessionCode } = await startLogin(c);
    return c.post('/api/login', { email, password: DEMO_PASSWORD, captchaToken }, { headers: { session_code: sessionCode, 'X-Forwarded-For': ip } });
  }

  async function solve(s: TestServer, ip: string, subject?: string): Promise<string> {
    const { puzzle } = await ask(s, ip, subject);
    s.clock.advance(1000);
    const res = await answer(s, ip, puzzle!.challengeId, puzzle!.answer, humanTrace(puzzle!.answer));
    expect(res.status).toBe(200);
    return res.body.result.token as string;
  }

  it('names the address in the frame URL by a keyed hash, and opens only that address’s sign-in', async () => {
    const s = await server({ captchaAfterFailures: 3 });
    const ip = '198.51.100.77';
    const { captchaUrl } = await captchaDemand(s, ip, 'demo@example.com');
    const url = new URL(captchaUrl);
    expect(url.pathname).toBe('/api/captcha/frame');
    const subject = url.searchParams.get('for')!;
    expect(subject).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(captchaUrl).not.toContain('demo');
    // The frame page passes it on to its script as it came; a malformed one is refused.
    const page = await new Client(s.base).get(`/api/captcha/frame?for=${subject}&lang=en_US`);
    expect(page.text).toContain(`data-for="${subject}"`);
    expect((await new Client(s.base).get('/api/captcha/frame?for=%22%3E%3Cscript%3E')).status).toBe(400);
    expect((await new Client(s.base).get('/api/captcha/challenge?for=short')).status).toBe(400);

    // Tokens of an unbound puzzle, or of another address's, do not open this sign-in …
    for (const token of [await solve(s, ip), await solve(s, ip, await captchaSubject(s.server.ctx, 'admin@example.com'))]) {
      expect((await signInWith(s, ip, 'demo@example.com', token)).body.errorCode).toBe(E.captchaRequired);
    }
    // … one of a puzzle for it does.
    expect((await signInWith(s, ip, 'demo@example.com', await solve(s, ip, subject))).status).toBe(200);
  });

  it('keeps registration working with an unbound puzzle', async () => {
    const s = await server({ captchaAfterRegistrations: 0 });
    const body = { email: 'fresh@reg.example', password: 'Good-pass-1', regionCode: 'DE', firstName: 'New', lastName: 'User', language: 'en_US' };
    const asked = await new Client(s.base).post('/api/register/captcha', body, from('192.0.2.50'));
    expect(asked.body.errorCode).toBe(E.captchaRequired);
    expect(asked.body.result.captchaUrl).toBe(`${s.base}/api/captcha/frame`);
    const token = await solve(s, '192.0.2.50');
    expect((await new Client(s.base).post('/api/register/captcha', { ...body, captchaToken: token }, from('192.0.2.50'))).status).toBe(200);
  });
});
