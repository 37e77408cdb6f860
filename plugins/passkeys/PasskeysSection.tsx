import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  Button,
  cardCss,
  errorMessage,
  ERROR_CODES,
  Notice,
  type PasskeyItem,
  PASSKEY_NAME_MAX,
  type SecuritySectionProps,
  TextField,
  toast,
  useErrorHandler,
  useHttp,
  userAtom,
  VisuallyHidden,
  readUserAgent,
  useDeploymentConfig,
  LoadFailed,
  LoadingLine,
  useFormatMoment,
  useLoaded,
  withoutIsolation,
} from '@portal/plugin-api';
import { passkeyApi, type PasskeyApi, webAuthnAvailable } from './api';
import { ceremonyProblem, type CeremonyProblem, isAlert, problemText } from './problems';
import { createCredential } from './ceremonies';
import { PasskeyIcon } from './PasskeyIcon';

/** The security page's props for an added section (its lock, the user, the time zone for dates). */
export type PasskeysSectionProps = Pick<SecuritySectionProps, 'unlocked' | 'guard' | 'timeZone'> &
  Partial<Pick<SecuritySectionProps, 'reloadKey' | 'changed'>> & {
  /** The address an app user is sent to in a browser to add a passkey: this page's own (stories fix it). */
  browserAddress?: string;
};

/** What one row is doing: showing, being renamed, or asking before removal. */
type RowMode = { id: string; kind: 'rename' | 'remove' } | null;

const LOCKED_HINT = 'passkeys-locked';
const UNSUPPORTED_HINT = 'passkeys-unsupported';

/**
 * This page's address without query or fragment: the same origin is the relying party, so a passkey
 * added there in a browser is one this account can use.
 */
function thisPage(): string {
  return typeof window === 'undefined' ? '' : `${window.location.origin}${window.location.pathname}`;
}

/**
 * The security page's passkeys card: the account's passkeys with when they were added and last
 * used; add one (named by the user, the device suggested), rename, remove. Changes need the
 * page unlocked, like every other security change.
 */
export default function PasskeysSection({ unlocked, guard, timeZone, browserAddress, reloadKey, changed }: PasskeysSectionProps) {
  const theme = useTheme();
  const { t } = useTranslation(['passkeys', 'core']);
  const user = useAtomValue(userAtom);
  const http = useHttp();
  const api = useMemo(() => passkeyApi(http, user?.accountId ?? ''), [http, user?.accountId]);
  const { data: passkeys, failure, reload: load } = useLoaded(useCallback(async () => (await api.list()).passkeys, [api]), reloadKey);
  // A passkey added or removed changes two-step verification too: the page's other cards and its overview load again.
  const loadAndTell = useCallback(async () => {
    await load();
    changed?.();
  }, [load, changed]);
  const [adding, setAdding] = useState(false);
  const [mode, setMode] = useState<RowMode>(null);
  // Inside a partner app's web view WebAuthn exists only where the app turned it on for this site.
  const inApp = useDeploymentConfig().variant === 'app';
  const address = browserAddress ?? thisPage();
  // The web view has WebAuthn but refused this site: no use offering the form again.
  const [refusedHere, setRefusedHere] = useState(false);

  // Locked again meanwhile: an open form would only fail.
  useEffect(() => {
    if (!unlocked) {
      setAdding(false);
      setMode(null);
    }
  }, [unlocked]);

  return (
    <section aria-labelledby="passkeys-heading" css={cardCss(theme)}>
      <h2 id="passkeys-heading" css={{ fontSize: theme.font.sizeLg, margin: `0 0 ${theme.space(2)}` }}>
        {t('section.title')}
      </h2>
      <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('section.intro')}</p>
      {!passkeys && !failure && (
        <LoadingLine label={t('section.loading')} />
      )}
      {failure && (
        <LoadFailed message={errorMessage(failure, t)} retryLabel={t('section.retry')} onRetry={() => void load()} />
      )}
      {passkeys && (
        <>
          {passkeys.length === 0 ? (
            <p css={{ margin: `0 0 ${theme.space(4)}` }}>{t('section.empty')}</p>
          ) : (
            <ul aria-label={t('section.list')} css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}` }}>
              {passkeys.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  api={api}
                  unlocked={unlocked}
                  guard={guard}
                  timeZone={timeZone}
                  mode={mode?.id === passkey.id ? mode.kind : null}
                  setMode={(kind) => setMode(kind ? { id: passkey.id, kind } : null)}
                  onChanged={loadAndTell}
                />
              ))}
            </ul>
          )}
          {adding ? (
            <AddPasskeyForm
              api={api}
              guard={guard}
              onClose={() => setAdding(false)}
              onAdded={loadAndTell}
              onRefusedHere={
                inApp
                  ? () => {
                      setAdding(false);
                      setRefusedHere(true);
                    }
                  : undefined
              }
            />
          ) : inApp && (refusedHere || !webAuthnAvailable()) ? (
            <NotInThisApp address={address} failed={refusedHere} />
          ) : (
            <AddButton unlocked={unlocked} onClick={() => setAdding(true)} />
          )}
          {/* What every disabled change button says (aria-describedby), whichever of the above shows. */}
          {!unlocked && <VisuallyHidden id={LOCKED_HINT}>{t('section.locked')}</VisuallyHidden>}
        </>
      )}
    </section>
  );
}

function AddButton({ unlocked, onClick }: { unlocked: boolean; onClick: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation('passkeys');
  const supported = webAuthnAvailable();
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), alignItems: 'center' }}>
      <Button disabled={!unlocked || !supported} aria-describedby={[!unlocked && LOCKED_HINT, !supported && UNSUPPORTED_HINT].filter(Boolean).join(' ') || undefined} onClick={onClick}>
        <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
          <PasskeyIcon />
          {t('section.add')}
        </span>
      </Button>
      {!supported && (
        <span id={UNSUPPORTED_HINT} css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
          {t('section.unsupported')}
        </span>
      )}
    </div>
  );
}

/**
 * Inside a partner app whose web view has no WebAuthn (the app did not turn it on, or cannot for
 * this site): where to add a passkey instead. The list above still renames and removes.
 */
function NotInThisApp({ address, failed = false }: { address: string; failed?: boolean }) {
  const theme = useTheme();
  const { t } = useTranslation('passkeys');
  // After a refused attempt the form that had focus is gone: focus moves to the advice that replaced it.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) box.current?.focus();
  }, [failed]);
  return (
    <Notice kind={failed ? 'error' : 'info'} role={failed ? 'alert' : undefined} boxRef={failed ? box : undefined}>
      <p css={{ margin: 0 }}>{t('section.unsupportedApp')}</p>
      {/* An address reads left to right in a right-to-left page too. */}
      <p dir="ltr" css={{ margin: `${theme.space(1)} 0 0`, fontWeight: 600, textAlign: 'start', userSelect: 'all' }}>
        {address}
      </p>
    </Notice>
  );
}

/** What a web view throws when WebAuthn is there but not for this site (the app is not associated with it). */
function isUnavailableHere(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotSupportedError' || error.name === 'SecurityError');
}

/** The passkey's name, the device suggested; then the browser's own passkey prompt. */
function AddPasskeyForm({
  api,
  guard,
  onClose,
  onAdded,
  onRefusedHere,
}: {
  api: PasskeyApi;
  guard: SecuritySectionProps['guard'];
  onClose: () => void;
  onAdded: () => Promise<void>;
  /** Inside an app: the web view has WebAuthn but not for this site. */
  onRefusedHere?: () => void;
}) {
  const theme = useTheme();
  const { t } = useTranslation(['passkeys', 'core']);
  const handleError = useErrorHandler();
  const [name, setName] = useState(() => suggestedName(t));
  const [problem, setProblem] = useState<'name' | 'refused' | CeremonyProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem('name');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { options } = await guard(() => api.registrationOptions());
      const response = await createCredential(options);
      await guard(() => api.register(response, trimmed));
      toast(t('add.done', { name: trimmed }), 'success');
      onClose();
      await onAdded();
    } catch (error) {
      const ceremony = ceremonyProblem(error);
      if (ceremony === 'cancelled') setProblem('cancelled');
      else if (onRefusedHere && isUnavailableHere(error)) onRefusedHere();
      else if (ceremony) setProblem(ceremony); // why the browser made none, in words (issue 27)
      else if (error instanceof ApiError && error.code === ERROR_CODES.wrongCredentials) setProblem('refused');
      else if (!(error instanceof ApiError && error.code === ERROR_CODES.tokenFailure)) handleError(error); // a refused token: the lock panel says so
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="passkey-add-heading" css={{ display: 'grid', gap: theme.space(3), padding: theme.space(4), border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md }}>
      <h3 id="passkey-add-heading" css={{ margin: 0, fontSize: theme.font.sizeMd }}>
        {t('add.title')}
      </h3>
      <p css={{ margin: 0, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('add.intro')}</p>
      <TextField
        label={t('add.name')}
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        required
        error={problem === 'name' ? t('add.nameRequired') : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {problem !== null && problem !== 'name' ? (
        <Notice kind={isAlert(problem) ? 'error' : 'info'} role={isAlert(problem) ? 'alert' : 'status'}>
          {problem === 'cancelled' || problem === 'refused' ? t(`add.${problem}`) : problemText(t, problem)}
        </Notice>
      ) : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
        <Button type="submit" loading={busy}>
          {t('add.create')}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onClose}>
          {t('add.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A name the person edits and the server keeps: plain text, without the marks that isolate the values in a right-to-left message. */
function suggestedName(t: (key: 'add.deviceOn' | 'add.thisDevice', values?: Record<string, string>) => string): string {
  const { family: browser, os } = readUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  if (browser && os) return withoutIsolation(t('add.deviceOn', { browser, os }));
  return browser ?? os ?? t('add.thisDevice');
}

function PasskeyRow({
  passkey,
  api,
  unlocked,
  guard,
  timeZone,
  mode,
  setMode,
  onChanged,
}: {
  passkey: PasskeyItem;
  api: PasskeyApi;
  unlocked: boolean;
  guard: SecuritySectionProps['guard'];
  timeZone?: string;
  mode: 'rename' | 'remove' | null;
  setMode: (mode: 'rename' | 'remove' | null) => void;
  onChanged: () => Promise<void>;
}) {
  const theme = useTheme();
  const { t } = useTranslation(['passkeys', 'core']);
  const moment = useFormatMoment(timeZone);
  const handleError = useErrorHandler();
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const [nameMissing, setNameMissing] = useState(false);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await guard(call);
      toast(done, 'success');
      setMode(null);
      await onChanged();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ERROR_CODES.tokenFailure)) handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameMissing(true);
      return;
    }
    setNameMissing(false);
    void run(() => api.rename(passkey.id, trimmed), t('rename.done', { name: trimmed }));
  };

  const added = t('row.added', { date: moment(passkey.createdAt, { dateOnly: true }) });
  const used = passkey.lastUsedAt === null ? t('row.neverUsed') : t('row.lastUsed', { date: moment(passkey.lastUsedAt, { dateOnly: true }) });

  return (
    <li css={{ padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}>
      {mode === 'rename' ? (
        <form noValidate onSubmit={rename} css={{ display: 'grid', gap: theme.space(3) }}>
          <TextField
            label={t('rename.label')}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            autoFocus
            required
            error={nameMissing ? t('add.nameRequired') : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
            <Button type="submit" size="sm" loading={busy}>
              {t('rename.save')}
            </Button>
            <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => setMode(null)}>
              {t('add.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3) }}>
          <span aria-hidden="true" css={{ color: theme.colors.textMuted, display: 'inline-flex' }}>
            <PasskeyIcon size={24} />
          </span>
          <div css={{ flex: '1 1 200px', minWidth: 0 }}>
            <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{passkey.name}</div>
            <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>
              {added} · {used}
              {passkey.synced ? ` · ${t('row.synced')}` : ''}
            </div>
          </div>
          {mode === null && (
            <div css={{ display: 'flex', gap: theme.space(2) }}>
              <Button size="sm" variant="secondary" disabled={!unlocked} aria-describedby={!unlocked ? LOCKED_HINT : undefined} aria-label={t('row.renameOf', { name: passkey.name })} onClick={() => setMode('rename')}>
                {t('row.rename')}
              </Button>
              <Button size="sm" variant="secondary" disabled={!unlocked} aria-describedby={!unlocked ? LOCKED_HINT : undefined} aria-label={t('row.removeOf', { name: passkey.name })} onClick={() => setMode('remove')}>
                {t('row.remove')}
              </Button>
            </div>
          )}
        </div>
      )}
      {mode === 'remove' && (
        <div role="group" aria-labelledby={`remove-${passkey.id}`} css={{ marginTop: theme.space(3), display: 'grid', gap: theme.space(3) }}>
          <p id={`remove-${passkey.id}`} css={{ margin: 0 }}>
            {t('remove.confirm', { name: passkey.name })}
          </p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
            <Button size="sm" variant="danger" loading={busy} autoFocus onClick={() => void run(() => api.remove(passkey.id), t('remove.done', { name: passkey.name }))}>
              {t('remove.ok')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => setMode(null)}>
              {t('remove.keep')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
