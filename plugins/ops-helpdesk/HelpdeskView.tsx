import { useTheme } from '@emotion/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice, PageCard, TextField, useOps, VisuallyHidden } from '@portal/plugin-api';
import { AccountState } from './AccountState';
import { ActionsPanel } from './ActionsPanel';
import { HELPDESK_CALLS as C, type HelpdeskAccount, type HelpdeskLookup } from './contract';
import { helpdeskError } from './messages';

type Found = { email: string; account: HelpdeskAccount | null };

/**
 * The help desk: find an account by address (in whichever region it lives; each look-up is
 * audited), see its state, and act for its owner. The address typed stays after a failed call.
 */
export function HelpdeskView() {
  const theme = useTheme();
  const { t } = useTranslation(['ops-helpdesk', 'security', 'core']);
  const ops = useOps();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  /** `focus`: move to the result (a new look-up), not when an open dialog asked for a fresh read. */
  async function lookUp(address: string, focus = true) {
    setBusy(true);
    setError(null);
    try {
      const result = await ops.call<HelpdeskLookup>('POST', C.lookup, { email: address });
      setFound({ email: address, account: result.account });
      // The result is read next: screen readers start there, keyboards continue from there.
      if (focus) requestAnimationFrame(() => resultRef.current?.focus());
    } catch (err) {
      setError(helpdeskError(err, t));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
      setEmailError(t('ops-helpdesk:emailRequired'));
      return;
    }
    setEmailError(null);
    void lookUp(address);
  }

  return (
    <div css={{ display: 'grid', gap: theme.space(6) }}>
      <PageCard id="ops-helpdesk" level={1} title={t('ops-helpdesk:title')} intro={t('ops-helpdesk:intro')} busy={busy}>
        <form role="search" aria-label={t('ops-helpdesk:searchLabel')} onSubmit={onSubmit} noValidate css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), alignItems: 'flex-start' }}>
          <div css={{ flex: '1 1 260px', minWidth: 0 }}>
            <TextField label={t('ops-helpdesk:email')} type="email" autoComplete="off" spellCheck={false} value={email} error={emailError ?? undefined} maxLength={320} onChange={(e) => setEmail(e.target.value)} />
          </div>
          {/* Level with the field beside its label; under it on a phone, where the row wraps. */}
          <div css={{ paddingTop: '1.375rem', '@media (max-width: 600px)': { paddingTop: 0 } }}>
            <Button type="submit" loading={busy}>
              {t('ops-helpdesk:find')}
            </Button>
          </div>
        </form>
        {error && (
          <div css={{ marginTop: theme.space(4) }}>
            <Notice kind="error" role="alert">
              {error}
            </Notice>
          </div>
        )}
      </PageCard>
      <VisuallyHidden role="status">{found ? (found.account ? t('ops-helpdesk:found', { email: found.email }) : t('ops-helpdesk:noAccount', { email: found.email })) : ''}</VisuallyHidden>
      <div ref={resultRef} tabIndex={-1} css={{ outline: 'none' }}>
        {found && found.account === null && <Notice kind="warning">{t('ops-helpdesk:noAccount', { email: found.email })}</Notice>}
        {found?.account && (
          <AccountState
            account={found.account}
            actions={<ActionsPanel account={found.account} onChanged={(account) => setFound({ email: found.email, account })} onStale={() => void lookUp(found.email, false)} />}
          />
        )}
      </div>
    </div>
  );
}

export default HelpdeskView;
