/**
 * Slider captcha: the server picks where the gap is, draws the puzzle as two PNG images
 * (puzzle.ts), checks the dropped position and the drag trail, and hands out a
 * single-use token (2 minutes) that a sign-in or registration retry presents as captchaToken.
 *
 * Nothing that leaves the server before verification depends on the answer: the challenge JSON
 * has the same fields and values for every puzzle except random ids; each image has its own
 * random single-use URL key (stored hashed, unrelated to the challenge id), fixed dimensions and
 * a fixed byte length; the frame's page and script are static. A wrong answer gets the same
 * reply however far off it was.
 *
 * Against blind guessing: one answer per puzzle, a ±3 px tolerance on 185 possible answers
 * (a random drop fits with probability 7/185 ≈ 3.8 %), a drag trace that looks like a person's
 * (trace.ts), and limits per 15 minutes on puzzles issued and answers tried, per client
 * network and per sign-in address. A puzzle for a sign-in (`subject`) counts against that
 * address from every client, and its token opens a sign-in of that address only: with the
 * default limits a guesser expects at most 10 × 3.8 % ≈ 0.4 tokens per address per 15 minutes,
 * and each token buys one password try under the account lock.
 */
import crypto from 'node:crypto';
import { ERROR_CODES as E, type CaptchaChallenge, type CaptchaVerifyRequest } from '@portal/plugin-api/contract';
import { fail, normalizeEmail, randomToken, sha256, type ServerContext as Ctx, type SlidingCounter } from '@portal/server-api';
import { captchaStore } from './tables';
import { newPuzzleSecret, PUZZLE, renderBackground, renderPiece } from './puzzle';
import { traceFault } from './trace';

export const CAPTCHA = {
  width: PUZZLE.width,
  height: PUZZLE.height,
  /** Width of the piece image: the slider moves it from 0 to width − pieceSize. */
  pieceSize: PUZZLE.strip,
  /** Width of the slider's handle in the frame. */
  handle: 44,
  /** A drop within this many pixels of the answer solves the puzzle (7 of the 185 answers fit). */
  tolerance: 3,
  /** Answers per puzzle: the frame loads a new puzzle after every failure, so a person needs one. */
  maxAttempts: 1,
  challengeSeconds: 120,
  tokenSeconds: 120,
} as const;

export type CaptchaImageKind = 'image' | 'piece';

/** Who asks: the client network (limits.ts: clientNetwork) and, for a sign-in, the address's subject. */
export interface CaptchaAsker {
  client: string;
  subject: string | null;
}

/** Format of a subject in the frame URL (`?for=`), as captchaSubject makes it. */
export const SUBJECT_PATTERN = '^[A-Za-z0-9_-]{43}$';

/**
 * The subject of a sign-in address: a keyed hash, so the frame URL names the address without
 * showing it (in logs, history). The key is made once and kept in the global store: every
 * process computes the same subject, so a puzzle issued by one opens a sign-in on another.
 */
export async function captchaSubject(ctx: Ctx, email: string): Promise<string> {
  return crypto.createHmac('sha256', await subjectHashKey(ctx)).update(normalizeEmail(email)).digest('base64url');
}

const subjectHashKey = (ctx: Ctx): Promise<Buffer> => ctx.sharedKey('captcha-subject');

/** Slider puzzles issued and answers tried, per client network and per sign-in address (15 minutes). */
const puzzlesAsked = (ctx: Ctx) => ctx.counter('captchaPuzzles', 15 * 60_000);
const answersTried = (ctx: Ctx) => ctx.counter('captchaAnswers', 15 * 60_000);

/** The frame the -23029 result points at; for a sign-in, bound to the address's subject. */
export function captchaFrameUrl(ctx: Ctx, subject: string | null): string {
  return `${ctx.options.publicOrigin}/api/captcha/frame${subject ? `?for=${subject}` : ''}`;
}

/**
 * Counts one hit under every key, before the work it limits, and takes all of them back and
 * refuses (-60001, with the wait) when any key was already at its limit.
 */
async function holdWithinLimits(counter: SlidingCounter, keys: ReadonlyArray<readonly [key: string, limit: number]>): Promise<void> {
  const held = await Promise.all(keys.map(([key, limit]) => counter.hold(key, limit)));
  const over = held.find((hit) => hit.over);
  if (!over) return;
  await Promise.all(held.map((hit) => hit.release()));
  fail(E.rateLimited, { retryAfterSeconds: over.retryAfterSeconds });
}

const clientKey = (client: string) => `client:${client}`;
const subjectKey = (subject: string) => `account:${subject}`;

export async function createChallenge(ctx: Ctx, apiBase: string, asker: CaptchaAsker): Promise<CaptchaChallenge> {
  const { captchaPuzzlesPerClient, captchaPuzzlesPerAccount } = ctx.options.limits;
  await holdWithinLimits(puzzlesAsked(ctx), [
    [clientKey(asker.client), captchaPuzzlesPerClient],
    ...(asker.subject ? [[subjectKey(asker.subject), captchaPuzzlesPerAccount] as const] : []),
  ]);
  const now = ctx.now();
  const id = randomToken(18);
  const imageKey = randomToken(32);
  const pieceKey = randomToken(32);
  const secret = newPuzzleSecret();
  await captchaStore(ctx)
    .insertInto('captcha_challenges')
    .values({
      id,
      target_x: secret.targetX,
      piece_y: secret.gapY,
      seed: secret.seed,
      image_key_hash: sha256(imageKey),
      piece_key_hash: sha256(pieceKey),
      image_served_at: null,
      piece_served_at: null,
      created_at: now,
      expires_at: now + CAPTCHA.challengeSeconds * 1000,
      attempts: 0,
      solved_at: null,
      token_hash: null,
      token_expires_at: null,
      token_used_at: null,
      subject: asker.subject,
    })
    .execute();
  return {
    challengeId: id,
    width: CAPTCHA.width,
    height: CAPTCHA.height,
    pieceSize: CAPTCHA.pieceSize,
    pieceY: 0,
    imageUrl: `${apiBase}/captcha/image/${imageKey}`,
    pieceUrl: `${apiBase}/captcha/piece/${pieceKey}`,
    expiresIn: CAPTCHA.challengeSeconds,
  };
}

/**
 * Spends the single-use URL key of one image of a live, unsolved puzzle and draws that image;
 * null when the key is unknown, already used, or its puzzle expired or solved.
 */
export async function serveImage(ctx: Ctx, kind: CaptchaImageKind, key: string): Promise<Buffer | null> {
  const now = ctx.now();
  const hash = sha256(key);
  const claim = captchaStore(ctx).updateTable('captcha_challenges').where('expires_at', '>', now).where('solved_at', 'is', null);
  const row = await (kind === 'image'
    ? claim.set({ image_served_at: now }).where('image_key_hash', '=', hash).where('image_served_at', 'is', null)
    : claim.set({ piece_served_at: now }).where('piece_key_hash', '=', hash).where('piece_served_at', 'is', null)
  )
    .returning(['target_x', 'piece_y', 'seed'])
    .executeTakeFirst();
  if (!row) return null;
  const secret = { targetX: row.target_x, gapY: row.piece_y, seed: row.seed };
  return kind === 'image' ? renderBackground(secret) : renderPiece(secret);
}

/** Milliseconds a trail claims to have taken. */
function trailDuration(trail: CaptchaVerifyRequest['trail']): number {
  return trail.length ? trail[trail.length - 1]![0] - trail[0]![0] : 0;
}

/** Clock granularity between the browser's trail and the server's clock. */
const TIMING_SLACK_MS = 100;

/** Checks one answer; `client` is the network of the client that sends it. */
export async function verifyChallenge(ctx: Ctx, input: CaptchaVerifyRequest, client: string): Promise<{ token: string; expiresIn: number }> {
  const { captchaAnswersPerClient, captchaAnswersPerAccount } = ctx.options.limits;
  await holdWithinLimits(answersTried(ctx), [[clientKey(client), captchaAnswersPerClient]]);
  const db = captchaStore(ctx);
  const now = ctx.now();
  const counted = await db
    .updateTable('captcha_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', input.challengeId)
    .where('solved_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', CAPTCHA.maxAttempts)
    .returning(['target_x', 'attempts', 'image_served_at', 'piece_served_at', 'subject'])
    .executeTakeFirst();
  if (!counted) fail(E.invalidParameter, { reload: true }, 'The puzzle has expired. Please try a new one.');
  // Answers on puzzles of one sign-in address, from every client together (the try is spent).
  if (counted.subject) await holdWithinLimits(answersTried(ctx), [[subjectKey(counted.subject), captchaAnswersPerAccount]]);
  // Solving takes seeing both images first, and a drag cannot have lasted longer than the
  // time since they were served. Every reason gets the same answer.
  const seen = counted.image_served_at !== null && counted.piece_served_at !== null;
  const since = seen ? now - Math.max(counted.image_served_at!, counted.piece_served_at!) : -1;
  const inTime = seen && since + TIMING_SLACK_MS >= trailDuration(input.trail);
  if (!inTime || Math.abs(input.x - counted.target_x) > CAPTCHA.tolerance || traceFault(input.trail, input.x) !== null) {
    fail(E.invalidParameter, { reload: counted.attempts >= CAPTCHA.maxAttempts }, 'Verification failed. Please try again.');
  }
  const token = randomToken(32);
  const solved = await db
    .updateTable('captcha_challenges')
    .set({ solved_at: now, token_hash: sha256(token), token_expires_at: now + CAPTCHA.tokenSeconds * 1000 })
    .where('id', '=', input.challengeId)
    .where('solved_at', 'is', null)
    .executeTakeFirst();
  if (Number(solved.numUpdatedRows) !== 1) fail(E.invalidParameter, { reload: true });
  return { token, expiresIn: CAPTCHA.tokenSeconds };
}

/**
 * Spends a captcha token; false when unknown, used or expired. With a `subject` (a sign-in),
 * only a token of a puzzle issued for that subject counts.
 */
export async function consumeCaptchaToken(ctx: Ctx, token: string | undefined, subject: string | null): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const now = ctx.now();
  let spend = captchaStore(ctx)
    .updateTable('captcha_challenges')
    .set({ token_used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('token_used_at', 'is', null)
    .where('token_expires_at', '>', now);
  if (subject !== null) spend = spend.where('subject', '=', subject);
  const res = await spend.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
