/**
 * Slider captcha: the server picks where the gap is, draws the puzzle, checks the dropped
 * position and the drag trail, and hands out a single-use token (2 minutes) that a sign-in or
 * registration retry presents as captchaToken.
 */
import crypto from 'node:crypto';
import type { CaptchaChallenge, CaptchaVerifyRequest } from '../../core/contract/captcha';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import type { CaptchaTable } from '../db/types';
import { fail } from '../http/errors';
import { randomToken, sha256 } from './crypto';

export const CAPTCHA = { width: 300, height: 160, piece: 44, tolerance: 5, maxAttempts: 5, challengeSeconds: 120, tokenSeconds: 120 } as const;

export async function createChallenge(ctx: Ctx, apiBase: string): Promise<CaptchaChallenge> {
  const now = ctx.now();
  const id = randomToken(18);
  const targetX = crypto.randomInt(70, CAPTCHA.width - CAPTCHA.piece - 10);
  const pieceY = crypto.randomInt(12, CAPTCHA.height - CAPTCHA.piece - 12);
  await ctx.stores.global
    .insertInto('captcha_challenges')
    .values({ id, target_x: targetX, piece_y: pieceY, created_at: now, expires_at: now + CAPTCHA.challengeSeconds * 1000, attempts: 0, solved_at: null, token_hash: null, token_expires_at: null, token_used_at: null })
    .execute();
  // Old puzzles are cleaned up as new ones are made.
  await ctx.stores.global.deleteFrom('captcha_challenges').where('expires_at', '<', now - 3600_000).execute();
  return {
    challengeId: id,
    width: CAPTCHA.width,
    height: CAPTCHA.height,
    pieceSize: CAPTCHA.piece,
    pieceY,
    imageUrl: `${apiBase}/captcha/image/${id}.svg`,
    pieceUrl: `${apiBase}/captcha/piece/${id}.svg`,
    expiresIn: CAPTCHA.challengeSeconds,
  };
}

export async function getChallenge(ctx: Ctx, id: string): Promise<CaptchaTable | null> {
  const row = await ctx.stores.global.selectFrom('captcha_challenges').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.expires_at <= ctx.now() || row.solved_at !== null) return null;
  return row;
}

function seeded(id: string): () => number {
  let state = parseInt(sha256(id).slice(0, 8), 16) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

function piecePath(x: number, y: number, s: number): string {
  const k = s / 4;
  return `M${x} ${y}h${k * 1.5}a${k / 1.4} ${k / 1.4} 0 0 1 ${k} 0h${k * 1.5}v${k * 1.5}a${k / 1.4} ${k / 1.4} 0 0 1 0 ${k}v${k * 1.5}h${-s}z`;
}

function scenery(id: string): string {
  const rnd = seeded(id);
  const hue = Math.floor(rnd() * 360);
  let shapes = '';
  for (let i = 0; i < 14; i++) {
    const cx = Math.floor(rnd() * CAPTCHA.width);
    const cy = Math.floor(rnd() * CAPTCHA.height);
    const r = 10 + Math.floor(rnd() * 40);
    const h = (hue + Math.floor(rnd() * 120)) % 360;
    shapes += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${h},60%,${40 + Math.floor(rnd() * 30)}%)" fill-opacity="0.55"/>`;
  }
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,60%)"/></linearGradient></defs><rect width="${CAPTCHA.width}" height="${CAPTCHA.height}" fill="url(#g)"/>${shapes}`;
}

export function renderImage(row: CaptchaTable): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA.width}" height="${CAPTCHA.height}" viewBox="0 0 ${CAPTCHA.width} ${CAPTCHA.height}">${scenery(row.id)}<path d="${piecePath(row.target_x, row.piece_y, CAPTCHA.piece)}" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5"/></svg>`;
}

export function renderPiece(row: CaptchaTable): string {
  const s = CAPTCHA.piece;
  const pad = s / 4;
  const size = s + pad + 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 ${-pad - 1} ${size} ${size}"><clipPath id="c"><path d="${piecePath(1, 0, s)}"/></clipPath><g clip-path="url(#c)"><g transform="translate(${1 - row.target_x} ${-row.piece_y})">${scenery(row.id)}</g></g><path d="${piecePath(1, 0, s)}" fill="none" stroke="#fff" stroke-width="2"/></svg>`;
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
    .returning(['target_x', 'attempts'])
    .executeTakeFirst();
  if (!counted) fail(E.invalidParameter, { reload: true }, 'The puzzle has expired. Please try a new one.');
  if (Math.abs(input.x - counted.target_x) > CAPTCHA.tolerance || !plausibleTrail(input.trail, input.x)) {
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
