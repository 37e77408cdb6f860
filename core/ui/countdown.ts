import { createContext, useCallback, useContext, useEffect, useState } from 'react';

/**
 * Time as the portal's countdowns (resend waits, the security lock) see it. Views read it from ClockContext, so tests can
 * use fake timers (the system clock reads Date.now and setInterval) and stories a frozen one.
 */
export interface Clock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, tick) {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
};

/** A clock that never moves: a running countdown stays at its first value (stories). */
export function frozenClock(at = 0): Clock {
  return { now: () => at, every: () => () => undefined };
}

/** The clock countdowns read (tests and stories give a frozen one). */
export const ClockContext = createContext<Clock>(systemClock);

export interface Countdown {
  /** Whole seconds left, 0 when not running. */
  remaining: number;
  running: boolean;
  start(seconds: number): void;
}

/**
 * Seconds left until a deadline; computed from the clock, so throttled background tabs stay right.
 * `initialSeconds` starts it with the first render (a wait that is already running on arrival).
 */
export function useCountdown(initialSeconds?: number): Countdown {
  const clock = useContext(ClockContext);
  const [now, setNow] = useState(() => clock.now());
  const [endsAt, setEndsAt] = useState<number | null>(() => (initialSeconds ? now + Math.ceil(initialSeconds) * 1000 : null));
  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    return clock.every(1000, () => setNow(clock.now()));
  }, [clock, endsAt, running]);

  const start = useCallback(
    (seconds: number) => {
      const at = clock.now();
      setNow(at);
      setEndsAt(at + Math.max(0, Math.ceil(seconds)) * 1000);
    },
    [clock],
  );

  return { remaining, running, start };
}
