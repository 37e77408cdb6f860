import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { isAbortError, toApiError, type ApiError } from './ApiError';
import { ForgetSharedReadsContext } from './sharedReads';

/** What useLoaded returns: the latest answer, whether a load is running, the error, and how to reload. */
export interface Loaded<T> {
  /** The latest answer; null until the first one arrives (a failed reload keeps the last one). */
  data: T | null;
  /** Why the latest load failed; cleared when a load starts. */
  failure: ApiError | null;
  /**
   * Loads again, from the server (inside a SharedReadsScope, not from an answer kept for the page).
   * Resolves once this load has settled, so a caller can announce a change after the list shows it.
   */
  reload(): Promise<void>;
  /** Puts an answer the caller already has (a save's result) in place of the loaded one. */
  replace(data: T): void;
}

/**
 * What a card shows from one call: loaded on mount, whenever `load` (a useCallback, so its own
 * dependencies are checked) or `reloadKey` changes, and on `reload()`.
 * Only the latest call's outcome is kept: an answer that comes back after a newer call was made is
 * dropped, so a slow first answer never overwrites a fresher one. An
 * aborted call (the page is going away) is no failure.
 */
export function useLoaded<T>(load: () => Promise<T>, reloadKey?: unknown): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const latest = useRef(0);
  const forgetShared = useContext(ForgetSharedReadsContext);
  const loadLatest = useCallback(async () => {
    const id = ++latest.current;
    setFailure(null);
    try {
      const answer = await load();
      if (id === latest.current) setData(answer);
    } catch (error) {
      if (id === latest.current && !isAbortError(error)) setFailure(toApiError(error));
    }
  }, [load]);

  useEffect(() => {
    void loadLatest();
  }, [loadLatest, reloadKey]);

  const reload = useCallback(() => {
    forgetShared?.();
    return loadLatest();
  }, [forgetShared, loadLatest]);

  const replace = useCallback((value: T) => {
    // A load still on its way would bring back the state before the change.
    latest.current += 1;
    setData(value);
  }, []);

  return { data, failure, reload, replace };
}
