import { useTheme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage, type MessageKey, MFA_TYPES, type MfaType, toast, translateDataKey, useLoaded, type UserInfo } from '@portal/plugin-api';
import type { SecurityApi } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { EmailDialog } from './EmailDialog';
import { Actions, Badge, Loading, LockedHint, Notice, Section } from './parts';
import { TotpDialog } from './TotpDialog';
import { useLock } from './useSecurityLock';

export const METHOD_KEY: Record<MfaType, 'totp' | 'email'> = { [MFA_TYPES.totp]: 'totp', [MFA_TYPES.email]: 'email' };
const ALL_METHODS: MfaType[] = [MFA_TYPES.totp, MFA_TYPES.email];

type Dialog = { type: 'enrol'; method: MfaType } | { type: 'delete'; method: MfaType } | { type: 'primary'; method: MfaType } | { type: 'disable' } | null;

/** Two-factor authentication: status, methods (primary first), enrol, set primary, delete, turn off. */
export function TwoFactorSection({ api, user, reloadKey, onChanged }: { api: SecurityApi; user: UserInfo; reloadKey?: number; onChanged?: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['security', 'core']);
  const lock = useLock();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data: status, failure, reload } = useLoaded(useCallback(() => api.mfaStatus(), [api]), reloadKey);

  // The list is reloaded before the success is announced, so the two never disagree on screen; then the
  // page's other cards (recovery codes, trusted devices, the overview) hear of the change.
  const done = (messageKey: MessageKey<'security'>, values?: Record<string, unknown>) => {
    setDialog(null);
    void reload().then(() => {
      onChanged?.();
      toast(translateDataKey(t, messageKey, values), 'success');
    });
  };

  const methods = status ? [...status.supportedMFATypes].sort((a, b) => Number(b === status.primaryMFAType) - Number(a === status.primaryMFAType)) : [];
  // Only the methods the deployment offers in the account's region can be set up (the server refuses the others).
  const offered = status?.offeredMFATypes ?? ALL_METHODS;
  const missing = ALL_METHODS.filter((m) => !methods.includes(m) && offered.includes(m));
  const first = !status?.enabled;
  const name = (m: MfaType) => t(`mfa.method.${METHOD_KEY[m]}`);
  const lockedHint = lock.unlocked ? undefined : 'security-mfa-locked';

  return (
    <Section id="security-mfa" title={t('mfa.title')} intro={t('mfa.intro')}>
      {!status && !failure && <Loading label={t('mfa.loading')} />}
      {failure && (
        <>
          <Notice kind="error" role="alert">
            {errorMessage(failure, t)}
          </Notice>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </>
      )}
      {status && (
        <>
          <p css={{ margin: `0 0 ${theme.space(4)}`, fontWeight: 600 }}>{t(status.enabled ? 'mfa.on' : 'mfa.off')}</p>
          {methods.length > 0 && (
            <ul css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}` }} aria-label={t('mfa.methods')}>
              {methods.map((m) => (
                <li
                  key={m}
                  css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}
                >
                  <span css={{ flex: '1 1 10rem', minWidth: 0 }}>
                    {/* The method and its badge on one line where it fits ("Authenticator app · Primary"); each stays whole. */}
                    <span css={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(2), fontWeight: 600 }}>
                      <span css={{ whiteSpace: 'nowrap' }}>{name(m)}</span>
                      {m === status.primaryMFAType && <Badge>{t('mfa.primary')}</Badge>}
                    </span>
                    {m === MFA_TYPES.email && status.MFAEmail && <span css={{ display: 'block', color: theme.colors.textMuted, fontSize: theme.font.sizeSm, overflowWrap: 'anywhere' }}>{status.MFAEmail}</span>}
                  </span>
                  {/* The row's buttons move as one, at its end: Remove never drops to a line of its own. */}
                  <span css={{ display: 'inline-flex', flex: 'none', gap: theme.space(3), alignItems: 'center', marginInlineStart: 'auto' }}>
                    {m !== status.primaryMFAType && (
                      <Button variant="secondary" size="sm" disabled={!lock.unlocked} aria-describedby={lockedHint} aria-label={t('mfa.makePrimaryOf', { method: name(m) })} onClick={() => setDialog({ type: 'primary', method: m })}>
                        {t('mfa.makePrimary')}
                      </Button>
                    )}
                    {methods.length > 1 && (
                      <Button variant="text" size="sm" disabled={!lock.unlocked} aria-describedby={lockedHint} aria-label={t('mfa.removeOf', { method: name(m) })} onClick={() => setDialog({ type: 'delete', method: m })}>
                        {t('mfa.remove')}
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {offered.length === 0 && (
            <Notice kind="info" role="status">
              {t('core:errors.regionUnavailable')}
            </Notice>
          )}
          {methods.length === 1 && <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{t('mfa.lastMethod')}</p>}
          <Actions>
            {missing.map((m) => (
              <Button key={m} variant={first ? 'primary' : 'secondary'} disabled={!lock.unlocked} aria-describedby={lockedHint} onClick={() => setDialog({ type: 'enrol', method: m })}>
                {t(first ? `mfa.enable.${METHOD_KEY[m]}` : `mfa.add.${METHOD_KEY[m]}`)}
              </Button>
            ))}
            {status.enabled && (
              <Button variant="danger" disabled={!lock.unlocked} aria-describedby={lockedHint} onClick={() => setDialog({ type: 'disable' })}>
                {t('mfa.disable')}
              </Button>
            )}
            {!lock.unlocked && <LockedHint id="security-mfa-locked" />}
          </Actions>
        </>
      )}

      {dialog?.type === 'enrol' && dialog.method === MFA_TYPES.totp && (
        <TotpDialog api={api} first={first} onClose={() => setDialog(null)} onDone={() => done('mfa.added', { method: name(MFA_TYPES.totp) })} />
      )}
      {dialog?.type === 'enrol' && dialog.method === MFA_TYPES.email && (
        <EmailDialog api={api} user={user} first={first} onClose={() => setDialog(null)} onDone={() => done('mfa.added', { method: name(MFA_TYPES.email) })} />
      )}
      {dialog?.type === 'primary' && (
        <ConfirmDialog
          title={t('mfa.primaryTitle')}
          message={t('mfa.primaryConfirm', { method: name(dialog.method) })}
          okLabel={t('mfa.makePrimary')}
          danger={false}
          action={() => api.setPrimary(dialog.method)}
          onClose={() => setDialog(null)}
          onDone={() => done('mfa.primaryDone', { method: name(dialog.method) })}
        />
      )}
      {dialog?.type === 'delete' && (
        <ConfirmDialog
          title={t('mfa.removeTitle')}
          message={t('mfa.removeConfirm', { method: name(dialog.method) })}
          okLabel={t('mfa.remove')}
          action={() => api.deleteMfaType(dialog.method)}
          onClose={() => setDialog(null)}
          onDone={() => done('mfa.removed', { method: name(dialog.method) })}
        />
      )}
      {dialog?.type === 'disable' && (
        <ConfirmDialog
          title={t('mfa.disableTitle')}
          message={t('mfa.disableConfirm')}
          okLabel={t('mfa.disable')}
          action={() => api.disableMfa()}
          onClose={() => setDialog(null)}
          onDone={() => done('mfa.disabled')}
        />
      )}
    </Section>
  );
}
