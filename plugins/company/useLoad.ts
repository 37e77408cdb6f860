import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorHandler } from '@portal/plugin-api';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/** Loads `load()` on mount and on reload(); a failed reload keeps the list already shown. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const handleError = useErrorHandler();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const live = useRef(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const reload = useCallback(async () => {
    try {
      const value = await loadRef.current();
      if (live.current) setState({ status: 'ready', value });
    } catch (err) {
      handleError(err);
      if (live.current) setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
    }
  }, [handleError]);
  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the caller's: they say when the thing loaded changes (another company id)
  }, deps);
  return { state, reload };
}
