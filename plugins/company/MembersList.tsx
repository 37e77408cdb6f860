import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_MARK,
  Button,
  CellLabel,
  type Member,
  type MemberRole,
  type MyCompany,
  Notice,
  Spinner,
  stackedTableCss,
  toast,
  Truncate,
  useErrorHandler,
  useHttp,
  userAtom,
  PageCard,
  withEmailAddress,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { memberName, useDateFormat } from './format';
import { InviteDialog, type InviteReportData } from './InviteDialog';
import { canManage, canReinvite, isManager, roleChoices } from './permissions';
import { RoleDialog } from './RoleDialog';
import { RowActions, rowButtonsCss } from './RowActions';
import { type TableFit, useTableFit } from './tableFit';
import { useLoad } from './useLoad';

/** A manager's row: its actions side by side, else behind a menu, else the rows stacked. */
const MANAGER_FITS: readonly TableFit[] = ['wide', 'menu', 'stacked'];
/** A member's rows have no actions. */
const MEMBER_FITS: readonly TableFit[] = ['wide', 'stacked'];

export type MembersDialog = { kind: 'invite'; emails?: string; report?: InviteReportData } | { kind: 'role'; member: Member } | { kind: 'remove'; member: Member } | null;

/**
 * Members with role, status and joined date (spec section 3). Owners and admins see invite,
 * re-invite, change role and remove (spec section 6); members see the list only. A refused
 * action (-40005 and the like) goes through the error handler and the list is reloaded.
 */
export function MembersList({
  company,
  onChanged,
  initialDialog = null,
  openMenuFor,
}: {
  company: MyCompany;
  onChanged: () => Promise<void>;
  initialDialog?: MembersDialog;
  /** Stories: the actions menu of this row shown open (where the table shows menus). */
  openMenuFor?: string;
}) {
  const { t, i18n } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const user = useAtomValue(userAtom);
  const handleError = useErrorHandler();
  const date = useDateFormat();
  const api = companyApi(http);
  const { state, reload } = useLoad(() => api.members(company.id).then((r) => r?.members ?? []), [company.id]);
  const [dialog, setDialog] = useState<MembersDialog>(initialDialog);
  const [busy, setBusy] = useState<string | null>(null);
  const me = company.role;
  const manager = isManager(me);
  const { ref: fitRef, fit } = useTableFit(manager ? MANAGER_FITS : MEMBER_FITS, state);

  async function act(key: string, call: () => Promise<unknown>, done: string, refreshCompany = false) {
    setBusy(key);
    try {
      await call();
      toast(done, 'success');
      setDialog(null);
      await reload();
      if (refreshCompany) await onChanged();
    } catch (err) {
      handleError(err);
      // The server's view wins: a lost role or a member who left shows after the reload.
      setDialog(null);
      await reload();
      await onChanged();
    } finally {
      setBusy(null);
    }
  }

  const changeRole = (member: Member, role: MemberRole) =>
    act('role', () => api.changeRole(company.id, { email: member.email, role, region: company.region }), t('members.roleChanged', { email: member.email, role: t(`roles.${role}`) }), role === 'owner');
  const remove = (member: Member) => act('remove', () => api.remove(company.id, { email: member.email, region: company.region }), t('members.removed', { email: member.email }));
  const reinvite = (member: Member) =>
    act(`re:${member.email}`, () => api.reinvite(company.id, { email: member.email, region: company.region, language: i18n.language }), t('members.reinvited', { email: member.email }));

  return (
    <PageCard level={1} id="members" title={t('members.heading')} actions={manager ? <Button onClick={() => setDialog({ kind: 'invite' })}>{t('members.invite')}</Button> : undefined}>
      {!manager && <Notice kind="info" role="status">{t('members.memberNote')}</Notice>}
      {state.status === 'loading' && (
        <p role="status" css={{ display: 'flex', gap: theme.space(2), alignItems: 'center' }}>
          <Spinner /> {t('loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <div role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <div ref={fitRef}>
          <table role="table" css={stackedTableCss(theme)} data-stacked={fit === 'stacked' || undefined}>
            <caption>{t('members.caption', { org: company.name })}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">{t('members.name')}</th>
                <th role="columnheader" scope="col">{t('members.email')}</th>
                <th role="columnheader" scope="col">{t('members.role')}</th>
                <th role="columnheader" scope="col">{t('members.status')}</th>
                <th role="columnheader" scope="col">{t('members.joined')}</th>
                {manager && <th role="columnheader" scope="col">{t('members.actions')}</th>}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {state.value.map((m) => {
                const name = memberName(m);
                const choices = roleChoices(me, m);
                const self = user !== null && m.accountId === user.accountId;
                const actions = [
                  ...(canReinvite(me, m) ? [{ key: 'reinvite', label: t('members.reinvite'), onSelect: () => void reinvite(m) }] : []),
                  ...(choices.length > 1 ? [{ key: 'role', label: t('members.changeRole'), onSelect: () => setDialog({ kind: 'role', member: m }) }] : []),
                  ...(canManage(me, m) ? [{ key: 'remove', label: t('members.remove'), danger: true, onSelect: () => setDialog({ kind: 'remove', member: m }) }] : []),
                ];
                return (
                  <tr role="row" key={m.email}>
                    <th role="rowheader" scope="row">
                      {name ? <Truncate text={name} /> : '—'} {self && <span css={{ color: theme.colors.textMuted, fontWeight: 400 }}>{t('members.you')}</span>}
                    </th>
                    <td role="cell">
                      <CellLabel>{t('members.email')}</CellLabel>
                      <Truncate text={m.email} />
                    </td>
                    <td role="cell">
                      <CellLabel>{t('members.role')}</CellLabel>
                      {t(`roles.${m.role}`)}
                    </td>
                    <td role="cell">
                      <CellLabel>{t('members.status')}</CellLabel>
                      <span data-nowrap css={{ color: m.status === 'active' ? theme.colors.success : m.status === 'expired' ? theme.colors.danger : theme.colors.warning }}>{t(`status.${m.status}`)}</span>
                    </td>
                    <td role="cell">
                      <CellLabel>{t('members.joined')}</CellLabel>
                      <span data-nowrap>{date(m.joinedAt)}</span>
                    </td>
                    {manager && (
                      <td role="cell" data-actions>
                        {fit === 'menu' && actions.length > 0 ? (
                          <RowActions rowName={m.email} actions={actions} disabled={busy !== null} forceOpen={openMenuFor === m.email} />
                        ) : (
                          <div css={rowButtonsCss(theme)}>
                            {actions.map((a) => (
                              <Button key={a.key} size="sm" variant={a.danger ? 'danger' : 'secondary'} loading={busy === `re:${m.email}` && a.key === 'reinvite'} disabled={busy !== null} onClick={a.onSelect} aria-label={`${a.label}: ${m.email}`}>
                                {a.label}
                              </Button>
                            ))}
                          </div>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'invite' && (
        <InviteDialog
          company={company}
          initialEmails={dialog.emails}
          initialReport={dialog.report}
          onClose={() => setDialog(null)}
          onInvited={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
      {dialog?.kind === 'role' && (
        <RoleDialog member={dialog.member} roles={roleChoices(me, dialog.member)} busy={busy === 'role'} onSave={(role) => void changeRole(dialog.member, role)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t('members.removeTitle')}
          message={withEmailAddress(t('members.removeConfirm', { email: ADDRESS_MARK }), dialog.member.email)}
          okLabel={t('members.remove')}
          busy={busy === 'remove'}
          onConfirm={() => void remove(dialog.member)}
          onCancel={() => setDialog(null)}
        />
      )}
    </PageCard>
  );
}
