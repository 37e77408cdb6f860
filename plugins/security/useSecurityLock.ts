import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ClockContext, formatNumber, usePortal } from '@portal/plugin-api';
import { isSecurityTokenError, type SecurityApi } from './api';

/** Why the page is locked: never unlocked, locked by hand, the timer ran out, or the server refused the token. */
export type LockReason = 'initial' | 'manual' | 'expired' | 'refused';

export interface SecurityLock {
  unlocked: boolean;
  /** Whole seconds until the lock returns; 0 while locked. */
  remaining: number;
  reason: LockReason;
  /** POST /security/enable; throws the server's error (e.g. -20601 wrong password). */
  unlock(password: string): Promise<void>;
  lock(reason?: LockReason): void;
  /**
   * Runs a sensitive call. When the server refuses the security token (-20214) the page
   * locks again before the error reaches the caller, which shows its own message.
   */
  guard<T>(call: () => Promise<T>): Promise<T>;
}

/**
 * The security lock (spec section 4): locked by default; the account password unlocks it for
 * the server's `expiresIn` (5 minutes in production). When that runs out, on Lock, on leaving
 * the page, or when the server refuses the token, the token is disabled on the server and
 * removed from storage.
 */
export function useSecurityLock(api: SecurityApi): SecurityLock {
  const clock = useContext(ClockContext);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => clock.now());
  const [reason, setReason] = useState<LockReason>('initial');
  const token = useRef<string | null>(null);
  const apiRef = useRef(api);
  apiRef.current = api;
  // The session capability of the portal's services, which a region change replaces: read at call time.
  const { session } = usePortal();
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const unlocked = endsAt !== null && remaining > 0;

  /** Forget the token here and end it on the server; an already expired one is fine there. */
  const release = useCallback(() => {
    const stored = sessionRef.current.forgetSecurityToken();
    const held = token.current ?? stored;
    token.current = null;
    // Without an access token (signed out meanwhile) the call could only fail and end the session.
    if (held && sessionRef.current.hasAccessToken()) void apiRef.current.disable(held).catch(() => undefined);
  }, []);

  const lock = useCallback(
    (why: LockReason = 'manual') => {
      release();
      setEndsAt(null);
      setReason(why);
    },
    [release],
  );

  // A token left over from a reload has no known deadline: the page starts locked (release ends it).
  useEffect(() => {
    release();
    return release; // leaving the page (or signing out) ends the unlock
  }, [release]);

  useEffect(() => {
    if (endsAt === null) return;
    return clock.every(1000, () => setNow(clock.now()));
  }, [clock, endsAt]);

  useEffect(() => {
    if (endsAt !== null && remaining === 0) lock('expired');
  }, [endsAt, remaining, lock]);

  const unlock = useCallback(
    async (password: string) => {
      const result = await apiRef.current.unlock(password);
      token.current = result.securityToken;
      sessionRef.current.rememberSecurityToken(result.securityToken);
      const at = clock.now();
      setNow(at);
      setEndsAt(at + Math.max(0, result.expiresIn) * 1000);
    },
    [clock],
  );

  const guard = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (isSecurityTokenError(error)) lock('refused');
        throw error;
      }
    },
    [lock],
  );

  return { unlocked, remaining, reason, unlock, lock, guard };
}

export const SecurityLockContext = createContext<SecurityLock | null>(null);

export function useLock(): SecurityLock {
  const lock = useContext(SecurityLockContext);
  if (!lock) throw new Error('useLock() outside <SecurityLockContext.Provider>');
  return lock;
}

/** m:ss for the visible countdown, in the digits of `language` (٤:٠٥ in Arabic). */
export function formatRemaining(seconds: number, language: string): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${formatNumber(Math.floor(s / 60), language)}:${formatNumber(s % 60, language, { minimumIntegerDigits: 2 })}`;
}
