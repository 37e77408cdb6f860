import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError, Button, ERROR_CODES, LoadFailed, LoadingLine, Notice, PageCard, toast, useErrorHandler, useFormatMoment, useHttp, useIntlLocale, usePortal, userAtom } from '@portal/plugin-api';
import { yourDataApi } from './api';
import { CloseAccountSection } from './CloseAccountSection';
import { EXPORT_DAYS, exportFileName, RESTORE_PATH, type DataExport } from './contract';
import type { ClosedHandOver } from './RestoreView';
import { DownloadForm } from './DownloadForm';

/** While a copy is being made the page looks again this often (the job builds one in seconds). */
export const POLL_MS = 4_000;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; copy: DataExport | null };

/** "1.2 MB", "830 kB" in the page language. */
export function sizeText(bytes: number, locale: string): string {
  // Never "0 kB": a copy always holds its README and manifest.
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes / 1000, 1), 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

export interface YourDataPageProps {
  /** Show times in this zone (stories pin UTC); the profile's or browser's otherwise. */
  timeZone?: string;
  /** How often a copy being made is looked at again (tests wait less). */
  pollMs?: number;
}

/**
 * "Your data": ask for a copy of everything the portal keeps about you, follow it being made, and
 * download it with your password. The server keeps one copy per person and enforces every rule.
 */
export default function YourDataPage({ timeZone, pollMs = POLL_MS }: YourDataPageProps = {}) {
  const theme = useTheme();
  const { t } = useTranslation(['your-data', 'core']);
  const user = useAtomValue(userAtom);
  const api = yourDataApi(useHttp());
  const handleError = useErrorHandler();
  const formatMoment = useFormatMoment(timeZone);
  const locale = useIntlLocale();
  const { session } = usePortal();
  const [, navigate] = useLocation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<'request' | 'remove' | null>(null);
  const accountId = user?.accountId ?? null;
  const apiRef = useRef(api);
  apiRef.current = api;

  const load = useCallback(
    async (signal?: AbortSignal, quiet = false) => {
      if (!accountId) return;
      if (!quiet) setLoaded({ status: 'loading' });
      try {
        const { export: copy } = await apiRef.current.state(accountId, signal);
        setLoaded({ status: 'loaded', copy });
      } catch (err) {
        if (signal?.aborted) return;
        // A quiet look (the poll) that failed keeps what the page shows; the next one tries again.
        if (!quiet) setLoaded({ status: 'failed' });
      }
    },
    [accountId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const copy = loaded.status === 'loaded' ? loaded.copy : null;
  const making = copy?.state === 'queued' || copy?.state === 'building';
  useEffect(() => {
    if (!making) return;
    const controller = new AbortController();
    const timer = setInterval(() => void load(controller.signal, true), pollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [making, load, pollMs]);

  if (!user || !accountId) return null; // the /accountSetting guard loads the user before any child renders

  async function ask() {
    setBusy('request');
    try {
      const { export: asked } = await api.request(accountId!);
      setLoaded({ status: 'loaded', copy: asked });
    } catch (err) {
      const wait = err instanceof ApiError && err.code === ERROR_CODES.rateLimited ? (err.result as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds : undefined;
      if (typeof wait === 'number') toast(t('your-data:errors.tooOften', { minutes: Math.max(1, Math.ceil(wait / 60)) }), 'warning');
      else handleError(err);
    } finally {
      setBusy(null);
    }
  }

  async function remove(after?: string) {
    setBusy('remove');
    try {
      await api.remove(accountId!);
      setLoaded({ status: 'loaded', copy: null });
      if (after) toast(after, 'success');
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(null);
    }
  }

  const askButton = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <Button variant={variant} loading={busy === 'request'} disabled={busy !== null} onClick={() => void ask()}>
      {label}
    </Button>
  );
  const muted = { margin: 0, color: theme.colors.textMuted, lineHeight: 1.5 } as const;
  const actions = { display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(5) } as const;

  // Closed: every session of the ID ended on the server; this browser's ends too, and says what follows.
  async function closed(eraseAt: number) {
    const handOver: ClosedHandOver = { closedId: { email: user!.email, eraseAt } };
    await session.signOut('closed');
    navigate(`~${RESTORE_PATH}`, { replace: true, state: handOver });
  }

  return (
    <>
    <PageCard level={1} id="your-data" title={t('your-data:heading')} intro={t('your-data:intro')} busy={loaded.status === 'loading'}>
      <div aria-live="polite">
        {loaded.status === 'loading' && <LoadingLine label={t('your-data:loading')} />}
        {loaded.status === 'failed' && <LoadFailed message={t('your-data:loadFailed')} retryLabel={t('your-data:retry')} onRetry={() => void load()} />}
        {loaded.status === 'loaded' && !copy && (
          <div>
            <p css={{ margin: 0, lineHeight: 1.5 }}>{t('your-data:none.text', { count: EXPORT_DAYS })}</p>
            <p css={{ ...muted, marginTop: theme.space(2) }}>{t('your-data:format')}</p>
            <div css={actions}>{askButton(t('your-data:none.ask'))}</div>
          </div>
        )}
        {copy && making && (
          <div>
            <Notice kind="info" role="status">
              <strong css={{ display: 'block' }}>{t('your-data:making.title')}</strong>
              {t('your-data:making.text', { email: user.email })}
            </Notice>
            <p css={{ ...muted, marginTop: theme.space(3) }}>{t('your-data:making.asked', { date: formatMoment(copy.requestedAt) })}</p>
            <div css={actions}>
              <Button variant="secondary" loading={busy === 'remove'} disabled={busy !== null} onClick={() => void remove()}>
                {t('your-data:making.cancel')}
              </Button>
            </div>
          </div>
        )}
        {copy?.state === 'failed' && (
          <div>
            <Notice kind="error" role="alert">
              <strong css={{ display: 'block' }}>{t('your-data:failed.title')}</strong>
              {t('your-data:failed.text')}
            </Notice>
            <div css={actions}>{askButton(t('your-data:retry'))}</div>
          </div>
        )}
        {copy?.state === 'ready' && (
          <div>
            <Notice kind="success" role="status">
              <strong css={{ display: 'block' }}>{t('your-data:ready.title')}</strong>
              {t('your-data:ready.made', { date: formatMoment(copy.readyAt ?? copy.requestedAt), size: sizeText(copy.size ?? 0, locale) })}
            </Notice>
            <p css={{ ...muted, margin: `${theme.space(3)} 0 0` }}>{t('your-data:ready.until', { date: formatMoment(copy.expiresAt ?? 0) })}</p>
            {copy.downloadedAt !== null && <p css={{ ...muted, marginTop: theme.space(1) }}>{t('your-data:ready.downloaded', { date: formatMoment(copy.downloadedAt) })}</p>}
            <p css={{ ...muted, margin: `${theme.space(1)} 0 ${theme.space(5)}` }}>{t('your-data:format')}</p>
            <DownloadForm
              fileName={exportFileName(copy.requestedAt)}
              download={async (password) => {
                const blob = await api.download(accountId, password);
                void load(undefined, true); // "last downloaded" moves on
                return blob;
              }}
              onGone={() => void load()}
            />
            <div css={actions}>
              {askButton(t('your-data:ready.askAgain'), 'secondary')}
              <Button variant="danger" loading={busy === 'remove'} disabled={busy !== null} onClick={() => void remove(t('your-data:ready.removed'))}>
                {t('your-data:ready.remove')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </PageCard>
    <CloseAccountSection loadFacts={(signal) => api.closure(accountId, signal)} close={(password) => api.close(accountId, password)} onClosed={(result) => void closed(result.eraseAt)} />
    </>
  );
}
