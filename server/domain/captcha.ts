/**
 * Slider captcha: the server picks where the gap is, draws the puzzle as two PNG images
 * (captcha/puzzle.ts), checks the dropped position and the drag trail, and hands out a
 * single-use token (2 minutes) that a sign-in or registration retry presents as captchaToken.
 *
 * Nothing that leaves the server before verification depends on the answer: the challenge JSON
 * has the same fields and values for every puzzle except random ids; each image has its own
 * random single-use URL key (stored hashed, unrelated to the challenge id), fixed dimensions and
 * a fixed byte length; the frame's page and script are static. A wrong answer gets the same
 * reply however far off it was.
 */
import type { CaptchaChallenge, CaptchaVerifyRequest } from '../../core/contract/captcha';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { newPuzzleSecret, PUZZLE, renderBackground, renderPiece } from '../captcha/puzzle';
import type { Ctx } from '../context';
import { fail } from '../http/errors';
import { randomToken, sha256 } from './crypto';

export const CAPTCHA = {
  width: PUZZLE.width,
  height: PUZZLE.height,
  /** Width of the piece image: the slider moves it from 0 to width − pieceSize. */
  pieceSize: PUZZLE.strip,
  /** Width of the slider's handle in the frame. */
  handle: 44,
  /** A drop within this many pixels of the answer solves the puzzle. */
  tolerance: 5,
  /**
   * Verification attempts per puzzle. The frame loads a new puzzle after every failure, so a
   * person needs one; more would only help a client that guesses blindly.
   */
  maxAttempts: 3,
  challengeSeconds: 120,
  tokenSeconds: 120,
} as const;

export type CaptchaImageKind = 'image' | 'piece';

export async function createChallenge(ctx: Ctx, apiBase: string): Promise<CaptchaChallenge> {
  const now = ctx.now();
  const id = randomToken(18);
  const imageKey = randomToken(32);
  const pieceKey = randomToken(32);
  const secret = newPuzzleSecret();
  await ctx.stores.global
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
    })
    .execute();
  // Old puzzles are cleaned up as new ones are made.
  await ctx.stores.global.deleteFrom('captcha_challenges').where('expires_at', '<', now - 3600_000).execute();
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
  const claim = ctx.stores.global.updateTable('captcha_challenges').where('expires_at', '>', now).where('solved_at', 'is', null);
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

/** A human drag: several samples over a plausible time, moving right, ending where it was dropped. */
function plausibleTrail(trail: CaptchaVerifyRequest['trail'], x: number): boolean {
  if (trail.length < 5) return false;
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  const duration = last[0] - first[0];
  if (duration < 200 || duration > 60_000) return false;
  if (Math.abs(last[1] - x) > 3) return false;
  let backwards = 0;
  for (let i = 1; i < trail.length; i++) {
    if (trail[i]![0] < trail[i - 1]![0]) return false;
    if (trail[i]![1] < trail[i - 1]![1]) backwards++;
  }
  return backwards <= trail.length / 2;
}

/** Milliseconds a trail claims to have taken. */
function trailDuration(trail: CaptchaVerifyRequest['trail']): number {
  return trail.length ? trail[trail.length - 1]![0] - trail[0]![0] : 0;
}

/** Clock granularity between the browser's trail and the server's clock. */
const TIMING_SLACK_MS = 100;

export async function verifyChallenge(ctx: Ctx, input: CaptchaVerifyRequest): Promise<{ token: string; expiresIn: number }> {
  const db = ctx.stores.global;
  const now = ctx.now();
  const counted = await db
    .updateTable('captcha_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', input.challengeId)
    .where('solved_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', CAPTCHA.maxAttempts)
    .returning(['target_x', 'attempts', 'image_served_at', 'piece_served_at'])
    .executeTakeFirst();
  if (!counted) fail(E.invalidParameter, { reload: true }, 'The puzzle has expired. Please try a new one.');
  // Solving takes seeing both images first, and a drag cannot have lasted longer than the
  // time since they were served. Every reason gets the same answer.
  const seen = counted.image_served_at !== null && counted.piece_served_at !== null;
  const since = seen ? now - Math.max(counted.image_served_at!, counted.piece_served_at!) : -1;
  const inTime = seen && since + TIMING_SLACK_MS >= trailDuration(input.trail);
  if (!inTime || Math.abs(input.x - counted.target_x) > CAPTCHA.tolerance || !plausibleTrail(input.trail, input.x)) {
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

/** Spends a captcha token; false when unknown, used or expired. */
export async function consumeCaptchaToken(ctx: Ctx, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const now = ctx.now();
  const res = await ctx.stores.global
    .updateTable('captcha_challenges')
    .set({ token_used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('token_used_at', 'is', null)
    .where('token_expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
