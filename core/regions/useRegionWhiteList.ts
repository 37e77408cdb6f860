import { useEffect, useState } from 'react';
import type { RegionWhiteList } from '../contract/account';
import type { HttpClient } from '../http/client';
import { useHttp } from '../app/context';

let cached: Promise<RegionWhiteList> | null = null;

/** The country lists per data region, fetched once per page (a failed fetch is retried next time). */
export function loadRegionWhiteList(http: HttpClient): Promise<RegionWhiteList> {
  cached ??= http.get<RegionWhiteList>('/region/white-list', { auth: 'none' }).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** For tests and stories: forget the cached list. */
export function resetRegionWhiteList(): void {
  cached = null;
}

/** The countries each data region serves (loaded once per page), whether the load failed, and a retry. */
export function useRegionWhiteList(): { list: RegionWhiteList | null; failed: boolean; retry: () => void } {
  const http = useHttp();
  const [list, setList] = useState<RegionWhiteList | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadRegionWhiteList(http).then(
      (value) => live && setList(value),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [http, attempt]);
  return { list, failed, retry: () => setAttempt((n) => n + 1) };
}
