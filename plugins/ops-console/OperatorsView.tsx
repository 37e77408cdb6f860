import { useTheme } from '@emotion/react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, currentLanguage, EmailAddress, longValueCss, LoadFailed, LoadingLine, Modal, Notice, OPS_ROLES, PageCard, Select, stackedTableCss, TextField, toast, useFormatMoment, useLoaded, type OpsRole } from '@portal/plugin-api';
import { useOps } from './api';
import { runConfirmed } from './confirmed';
import { useConsole } from './consoleContext';
import { OPS_CALLS as C, type OperatorItem } from './contract';
import { consoleError } from './messages';

const REASON_MIN = 3;

function useRoleOptions() {
  const { t } = useTranslation('ops-console');
  return OPS_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

/** Invite one more operator: address, role and why. */
function InviteForm({ onInvited }: { onInvited: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const { confirm } = useConsole();
  const roles = useRoleOptions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OpsRole | null>('viewer');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ email?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { ...(email.trim() ? {} : { email: t('ops-console:emailRequired') }), ...(reason.trim().length >= REASON_MIN ? {} : { reason: t('ops-console:reasonRequired') }) };
    setErrors(next);
    if (next.email || next.reason || !role) return;
    setBusy(true);
    setError(null);
    try {
      const invited = await runConfirmed(() => ops.call<OperatorItem>('POST', C.operators, { email: email.trim(), role, reason: reason.trim(), language: currentLanguage() }), confirm);
      if (invited) {
        toast(t('ops-console:invited', { email: invited.email }), 'success');
        setEmail('');
        setReason('');
        onInvited();
      }
    } catch (err) {
      setError(consoleError(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate css={{ display: 'grid', gap: theme.space(4), gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', alignItems: 'start' }}>
      {error && (
        <div css={{ gridColumn: '1 / -1' }}>
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        </div>
      )}
      <TextField label={t('ops-console:email')} type="email" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <Select label={t('ops-console:role')} options={roles} value={role} onChange={setRole} required />
      <TextField label={t('ops-console:reason')} required value={reason} error={errors.reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <div css={{ gridColumn: '1 / -1' }}>
        <Button type="submit" loading={busy}>
          {t('ops-console:invite')}
        </Button>
      </div>
    </form>
  );
}

/** An admin's change of one operator: a new role, or disabled; always with a reason. */
function ChangeDialog({ operator, onClose, onChanged }: { operator: OperatorItem; onClose: () => void; onChanged: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const { confirm } = useConsole();
  const roles = useRoleOptions();
  const [role, setRole] = useState<OpsRole | null>(operator.role);
  const [disable, setDisable] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (reason.trim().length < REASON_MIN) {
      setReasonError(t('ops-console:reasonRequired'));
      return;
    }
    setReasonError(null);
    setBusy(true);
    setError(null);
    try {
      const changed = await runConfirmed(() => ops.call<OperatorItem>('PUT', `${C.operators}/${operator.id}`, { ...(disable ? { disabled: true } : { role }), reason: reason.trim() }), confirm);
      if (changed) {
        toast(t('ops-console:changed', { email: operator.email }), 'success');
        onChanged();
      }
    } catch (err) {
      setError(consoleError(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('ops-console:changeTitle', { email: operator.email })} onOk={() => void save()} okLabel={t('ops-console:save')} okLoading={busy} showCancel>
      <div css={{ display: 'grid', gap: theme.space(4) }}>
        {error && (
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        )}
        <Select label={t('ops-console:role')} options={roles} value={role} onChange={setRole} disabled={disable} />
        <Checkbox label={t('ops-console:disable')} checked={disable} onChange={(e) => setDisable(e.target.checked)} />
        <TextField label={t('ops-console:reason')} required value={reason} error={reasonError ?? undefined} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </div>
    </Modal>
  );
}

/** The operators: everyone sees the list; admins invite, change roles and disable. */
export function OperatorsView() {
  const theme = useTheme();
  const { t } = useTranslation(['ops-console', 'core']);
  const ops = useOps();
  const { me } = useConsole();
  const format = useFormatMoment();
  const list = useLoaded(useCallback(() => ops.call<OperatorItem[]>('GET', C.operators), [ops]));
  const [changing, setChanging] = useState<OperatorItem | null>(null);
  const admin = me.permissions.includes('operators');

  return (
    <div css={{ display: 'grid', gap: theme.space(6) }}>
      <PageCard id="ops-operators" level={1} title={t('ops-console:operatorsTitle')} intro={t(admin ? 'ops-console:operatorsIntroAdmin' : 'ops-console:operatorsIntro')}>
        {!list.data && !list.failure && <LoadingLine label={t('ops-console:loading')} />}
        {list.failure && <LoadFailed message={consoleError(list.failure, t)} retryLabel={t('ops-console:tryAgain')} onRetry={() => void list.reload()} />}
        {list.data && (
          <table css={stackedTableCss(theme)}>
            <thead>
              <tr>
                <th scope="col">{t('ops-console:email')}</th>
                <th scope="col">{t('ops-console:role')}</th>
                <th scope="col">{t('ops-console:status')}</th>
                <th scope="col">{t('ops-console:lastSignIn')}</th>
                {admin && <th scope="col">{t('ops-console:actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((o) => (
                <tr key={o.id}>
                  <td css={longValueCss}>
                    <EmailAddress value={o.email} />
                  </td>
                  <td>{t(`ops-console:roles.${o.role}`)}</td>
                  <td>{t(`ops-console:statuses.${o.status}`)}</td>
                  <td>{o.lastSignInAt ? format(o.lastSignInAt) : t('ops-console:never')}</td>
                  {admin && (
                    <td>
                      {o.status !== 'disabled' && (
                        <Button size="sm" variant="secondary" onClick={() => setChanging(o)} aria-label={t('ops-console:changeLabel', { email: o.email })}>
                          {t('ops-console:change')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PageCard>
      {admin && (
        <PageCard id="ops-invite" title={t('ops-console:inviteTitle')} intro={t('ops-console:inviteIntro')}>
          <InviteForm onInvited={() => void list.reload()} />
        </PageCard>
      )}
      {changing && (
        <ChangeDialog
          operator={changing}
          onClose={() => setChanging(null)}
          onChanged={() => {
            setChanging(null);
            void list.reload();
          }}
        />
      )}
    </div>
  );
}

export default OperatorsView;
