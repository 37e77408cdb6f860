import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, Modal, Notice, PageCard, runConfirmed, TextField, toast, useConsole, useOps } from '@portal/plugin-api';
import { HELPDESK_ACTIONS, HELPDESK_CALLS as C, DANGEROUS_ACTIONS, type HelpdeskAccount, type HelpdeskAction, type HelpdeskActionResult } from './contract';
import { helpdeskError } from './messages';

const REASON_MIN = 3;
const REASON_MAX = 500;

/** Whether an action has anything to do for the account as shown. */
export function applies(action: HelpdeskAction, account: HelpdeskAccount): boolean {
  switch (action) {
    case 'unlock':
      return account.lockedUntil !== null || account.codeLockedUntil !== null;
    case 'resendActivation':
      return account.status === 'pending';
    case 'signOut':
      return account.sessions.length > 0;
    case 'removeTwoFactor':
      return account.twoFactor.enabled;
    case 'revokeTrustedDevices':
      return (account.facts.find((f) => f.id === 'trustedDevices')?.count ?? 0) > 0;
  }
}

/** One action's dialog: what it does, and why (required). A failed call keeps the reason typed. */
function ActionDialog({ action, account, onClose, onDone }: { action: HelpdeskAction; account: HelpdeskAccount; onClose: () => void; onDone: (result: HelpdeskActionResult) => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-helpdesk', 'security', 'core']);
  const ops = useOps();
  const { confirm } = useConsole();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (reason.trim().length < REASON_MIN) {
      setReasonError(t('ops-helpdesk:reasonRequired'));
      return;
    }
    setReasonError(null);
    setError(null);
    setBusy(true);
    try {
      // Removing two-step verification asks for a fresh second factor; runConfirmed asks once and repeats the call.
      const result = await runConfirmed(() => ops.call<HelpdeskActionResult>('POST', C[action], { email: account.email, reason: reason.trim() }), confirm);
      if (result) onDone(result);
    } catch (err) {
      setError(helpdeskError(err, t));
      // The account changed meanwhile (nothing to do any more): the dialog stays, the view reads it again.
      if (err instanceof ApiError && (err.result as { nothingToDo?: unknown } | undefined)?.nothingToDo) onDone({ done: action, count: 0, account });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t(`ops-helpdesk:actions.${action}.title`, { email: account.email })}
      description={t(`ops-helpdesk:actions.${action}.explain`)}
      onOk={() => void run()}
      okLabel={t(`ops-helpdesk:actions.${action}.button`)}
      okLoading={busy}
      showCancel
    >
      <div css={{ display: 'grid', gap: theme.space(4) }}>
        {DANGEROUS_ACTIONS.has(action) && <Notice kind="warning">{t('ops-helpdesk:confirmNeeded')}</Notice>}
        {error && (
          <Notice kind="error" role="alert">
            {error}
          </Notice>
        )}
        <TextField label={t('ops-helpdesk:reason')} required value={reason} error={reasonError ?? undefined} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} />
      </div>
    </Modal>
  );
}

/**
 * What the help desk may do for the account: the actions that apply to it now. Shown only to an
 * operator with the `helpdesk` permission (the server refuses the others anyway).
 */
export function ActionsPanel({ account, onChanged, onStale }: { account: HelpdeskAccount; onChanged: (account: HelpdeskAccount) => void; onStale: () => void }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-helpdesk', 'core']);
  const { me } = useConsole();
  const [open, setOpen] = useState<HelpdeskAction | null>(null);
  if (!me.permissions.includes('helpdesk')) {
    return (
      <PageCard id="ops-helpdesk-actions" title={t('ops-helpdesk:actionsTitle')}>
        <Notice kind="info">{t('ops-helpdesk:readOnly')}</Notice>
      </PageCard>
    );
  }
  const available = HELPDESK_ACTIONS.filter((a) => applies(a, account));
  return (
    <PageCard id="ops-helpdesk-actions" title={t('ops-helpdesk:actionsTitle')} intro={t('ops-helpdesk:actionsIntro')}>
      {available.length === 0 ? (
        <p css={{ margin: 0 }}>{t('ops-helpdesk:noActions')}</p>
      ) : (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3) }}>
          {available.map((action) => (
            <Button key={action} variant={DANGEROUS_ACTIONS.has(action) ? 'danger' : 'secondary'} onClick={() => setOpen(action)}>
              {t(`ops-helpdesk:actions.${action}.button`)}
            </Button>
          ))}
        </div>
      )}
      {open && (
        <ActionDialog
          action={open}
          account={account}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            if (result.count === 0) {
              onStale();
              return;
            }
            setOpen(null);
            toast(t(`ops-helpdesk:actions.${result.done}.done`, { email: account.email }), 'success');
            onChanged(result.account);
          }}
        />
      )}
    </PageCard>
  );
}
