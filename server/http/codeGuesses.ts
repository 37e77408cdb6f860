/**
 * Invite codes and company codes are secrets that open a company: a lookup that answers "no such
 * code" is a wrong guess. Wrong guesses are counted per client network and per signed-in account
 * (`ctx.codeGuesses`, 15 minutes); past `codeGuessesPerClient` / `codeGuessesPerAccount` the
 * lookups of that kind are refused with -60001 before anything is read. A lookup that finds its
 * code is not counted, so people who type their code right are never slowed down.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import { clientKey } from './common';
import { ApiFailure, fail } from './errors';

export type CodeKind = 'invite' | 'orgCode';

/** The answers that mean "this code is not one you may use". */
const WRONG: Record<CodeKind, ReadonlySet<number>> = {
  invite: new Set([E.invitationInvalid]),
  orgCode: new Set([E.orgMissing, E.orgNotInRegion]),
};

export async function limitCodeGuesses<T>(ctx: Ctx, req: FastifyRequest, kind: CodeKind, accountId: string | null, lookup: () => Promise<T>): Promise<T> {
  const { codeGuessesPerClient, codeGuessesPerAccount } = ctx.options.limits;
  const keys: Array<[string, number]> = [[`${kind}:client:${clientKey(req)}`, codeGuessesPerClient]];
  if (accountId) keys.push([`${kind}:account:${accountId}`, codeGuessesPerAccount]);
  // Held before the lookup, so a burst of parallel guesses is counted one after the other.
  const held = await Promise.all(keys.map(([key, limit]) => ctx.codeGuesses.hold(key, limit)));
  const releaseAll = () => Promise.all(held.map((h) => h.release()));
  const over = held.find((h) => h.over);
  if (over) {
    await releaseAll();
    fail(E.rateLimited, { retryAfterSeconds: over.retryAfterSeconds });
  }
  try {
    const result = await lookup();
    await releaseAll();
    return result;
  } catch (err) {
    if (!(err instanceof ApiFailure && WRONG[kind].has(err.code))) await releaseAll();
    throw err;
  }
}
