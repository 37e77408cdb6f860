import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `until` (epoch ms), ticking once a second; restart() sets a new wait. */
export function useCountdown(initialSeconds: number): { left: number; restart: (seconds: number) => void } {
  const [until, setUntil] = useState(() => Date.now() + initialSeconds * 1000);
  const [left, setLeft] = useState(initialSeconds);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const restart = useCallback((seconds: number) => setUntil(Date.now() + seconds * 1000), []);
  return { left, restart };
}
