import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellLabel, EmailAddress, longValueCss, MFA_TYPES, PageCard, stackedTableCss, useFormatMoment, type AccountFact, type MfaType } from '@portal/plugin-api';
import { activityTitle, whereFrom } from './activity';
import type { HelpdeskAccount } from './contract';

/** The facts the help desk has words for; another feature's fact is shown by its id. */
const KNOWN_FACTS = new Set(['passkeys', 'recoveryCodes', 'trustedDevices', 'company']);

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  const theme = useTheme();
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(140px, 1fr) 2fr', gap: theme.space(3), padding: `${theme.space(2)} 0`, borderBottom: `1px solid ${theme.colors.border}`, '@media (max-width: 600px)': { gridTemplateColumns: '1fr', gap: theme.space(1) } }}>
      <dt css={{ fontWeight: 600 }}>{label}</dt>
      <dd css={{ margin: 0, minWidth: 0 }}>{children}</dd>
    </div>
  );
}

const methodName = (type: MfaType) => (type === MFA_TYPES.totp ? 'totp' : 'email');

/** One feature's fact: how many, and the names it gives (a passkey's, a company's). */
function FactValue({ fact }: { fact: AccountFact }) {
  const { t } = useTranslation(['ops-helpdesk']);
  const format = useFormatMoment();
  const items = fact.items ?? [];
  const count = fact.count ?? items.length;
  const summary = fact.id === 'company' ? (items[0]?.name ?? t('ops-helpdesk:facts.noCompany')) : String(count);
  return (
    <>
      <span>{summary}</span>
      {fact.id !== 'company' && items.length > 0 && (
        <ul css={{ margin: '0.25em 0 0', paddingInlineStart: '1.25em' }}>
          {items.map((item, i) => (
            <li key={i}>
              {/* Names and dates isolated: a Latin name beside an Arabic date keeps its order. */}
              <bdi>{item.name}</bdi>
              {item.at ? (
                <>
                  {' · '}
                  <bdi>{format(item.at)}</bdi>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The account's state: who, activation, locks, two-step verification, what each feature knows, sessions and recent activity. */
export function AccountState({ account, actions }: { account: HelpdeskAccount; actions: ReactNode }) {
  const theme = useTheme();
  const { t } = useTranslation(['ops-helpdesk', 'security', 'core']);
  const format = useFormatMoment();
  const factLabel = (id: string) => (KNOWN_FACTS.has(id) ? t(`ops-helpdesk:facts.${id as 'passkeys'}`) : id);

  return (
    <div css={{ display: 'grid', gap: theme.space(6) }}>
      <PageCard id="ops-helpdesk-account" title={t('ops-helpdesk:accountTitle', { name: account.name || account.email })} intro={<EmailAddress value={account.email} />}>
        <dl css={{ margin: 0 }}>
          <Row label={t('ops-helpdesk:state.status')}>
            {account.status === 'active' ? t('ops-helpdesk:state.active') : t('ops-helpdesk:state.pending')}
            {account.status === 'pending' && account.activationSentAt !== null && <div css={{ color: theme.colors.textMuted }}>{t('ops-helpdesk:state.activationSent', { time: format(account.activationSentAt) })}</div>}
          </Row>
          <Row label={t('ops-helpdesk:state.lock')}>
            {account.lockedUntil === null && account.codeLockedUntil === null && t('ops-helpdesk:state.notLocked')}
            {account.lockedUntil !== null && <div>{t('ops-helpdesk:state.lockedUntil', { time: format(account.lockedUntil) })}</div>}
            {account.codeLockedUntil !== null && <div>{t('ops-helpdesk:state.codeLockedUntil', { time: format(account.codeLockedUntil) })}</div>}
          </Row>
          <Row label={t('ops-helpdesk:state.twoFactor')}>{account.twoFactor.enabled ? account.twoFactor.methods.map((m) => t(`security:mfa.method.${methodName(m)}`)).join(', ') : t('ops-helpdesk:state.off')}</Row>
          {account.facts.map((fact) => (
            <Row key={fact.id} label={factLabel(fact.id)}>
              <FactValue fact={fact} />
            </Row>
          ))}
          <Row label={t('ops-helpdesk:state.region')}>{account.region}</Row>
          <Row label={t('ops-helpdesk:state.language')}>{account.language}</Row>
          <Row label={t('ops-helpdesk:state.created')}>{format(account.createdAt)}</Row>
        </dl>
      </PageCard>
      {actions}
      <PageCard id="ops-helpdesk-sessions" title={t('ops-helpdesk:sessions.title')}>
        {account.sessions.length === 0 ? (
          <p css={{ margin: 0 }}>{t('ops-helpdesk:sessions.none')}</p>
        ) : (
          <table css={stackedTableCss(theme)}>
            <thead>
              <tr>
                <th scope="col">{t('ops-helpdesk:sessions.device')}</th>
                <th scope="col">{t('ops-helpdesk:sessions.lastActive')}</th>
                <th scope="col">{t('ops-helpdesk:sessions.started')}</th>
              </tr>
            </thead>
            <tbody>
              {account.sessions.map((s, i) => (
                <tr key={i}>
                  <td css={longValueCss}>
                    <CellLabel>{t('ops-helpdesk:sessions.device')}</CellLabel>
                    <bdi>{whereFrom(s)}</bdi>
                  </td>
                  <td>
                    <CellLabel>{t('ops-helpdesk:sessions.lastActive')}</CellLabel>
                    {format(s.lastActiveAt)}
                  </td>
                  <td>
                    <CellLabel>{t('ops-helpdesk:sessions.started')}</CellLabel>
                    {format(s.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PageCard>
      <PageCard id="ops-helpdesk-activity" title={t('ops-helpdesk:activity.title')}>
        {account.activity.length === 0 ? (
          <p css={{ margin: 0 }}>{t('ops-helpdesk:activity.none')}</p>
        ) : (
          <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {account.activity.map((event) => (
              <li key={event.id} css={{ padding: `${theme.space(2)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}>
                <div css={{ fontWeight: 600 }}>{activityTitle(event, t)}</div>
                <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>
                  <bdi>{format(event.at)}</bdi> · <bdi>{whereFrom(event)}</bdi>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PageCard>
    </div>
  );
}
