import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Application,
  Button,
  CellLabel,
  type MemberRole,
  Modal,
  type MyCompany,
  Spinner,
  stackedTableCss,
  toast,
  Truncate,
  useErrorHandler,
  useHttp,
  PageCard,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { memberName, useDateFormat } from './format';
import { grantableRoles } from './permissions';
import { RoleRadios } from './RoleRadios';
import { RowActions, rowButtonsCss } from './RowActions';
import { type TableFit, useTableFit } from './tableFit';
import { useLoad } from './useLoad';

/** Accept and reject side by side, else behind a menu, else the rows stacked. */
const FITS: readonly TableFit[] = ['wide', 'menu', 'stacked'];

export type ApplicationsDialog = { kind: 'accept' | 'reject'; application: Application } | null;

const applicantName = (a: Application) => memberName(a.applicant) || a.applicant.email;

/** Pending applications (applicant, time) with accept (a role chosen) or reject; owners and admins only. */
export function ApplicationsList({
  company,
  onChanged,
  initialDialog = null,
  openMenuFor,
}: {
  company: MyCompany;
  onChanged: () => Promise<void>;
  initialDialog?: ApplicationsDialog;
  /** Stories: the actions menu of this applicant's row shown open (where the table shows menus). */
  openMenuFor?: string;
}) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const date = useDateFormat();
  const api = companyApi(http);
  const { state, reload } = useLoad(() => api.applications(company.id).then((r) => r?.applications ?? []), [company.id]);
  const [dialog, setDialog] = useState<ApplicationsDialog>(initialDialog);
  const [role, setRole] = useState<Exclude<MemberRole, 'owner'>>('member');
  const [busy, setBusy] = useState(false);
  const { ref: fitRef, fit } = useTableFit(FITS, state);

  async function decide(application: Application, status: 'accepted' | 'rejected') {
    setBusy(true);
    const name = applicantName(application);
    try {
      await api.decide(company.id, { applicationId: application.id, status, ...(status === 'accepted' ? { role } : {}) });
      toast(status === 'accepted' ? t('applications.accepted', { name }) : t('applications.rejected', { name }), 'success');
    } catch (err) {
      // -40007 (joined elsewhere), -40009 (already decided), -40005: the message, then the current list.
      handleError(err);
      await onChanged();
    } finally {
      setBusy(false);
      setDialog(null);
      await reload();
    }
  }

  return (
    <PageCard level={1} id="applications" title={t('applications.heading')}>
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
      {state.status === 'ready' && state.value.length === 0 && <p>{t('applications.empty')}</p>}
      {state.status === 'ready' && state.value.length > 0 && (
        <div ref={fitRef}>
          <table role="table" css={stackedTableCss(theme)} data-stacked={fit === 'stacked' || undefined}>
            <caption>{t('applications.caption', { org: company.name })}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">{t('applications.applicant')}</th>
                <th role="columnheader" scope="col">{t('applications.email')}</th>
                <th role="columnheader" scope="col">{t('applications.appliedAt')}</th>
                <th role="columnheader" scope="col">{t('applications.actions')}</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {state.value.map((a) => {
                const accept = () => {
                  setRole('member');
                  setDialog({ kind: 'accept', application: a });
                };
                const reject = () => setDialog({ kind: 'reject', application: a });
                return (
                <tr role="row" key={a.id}>
                  <th role="rowheader" scope="row">
                    <Truncate text={memberName(a.applicant) || '—'} />
                  </th>
                  <td role="cell">
                    <CellLabel>{t('applications.email')}</CellLabel>
                    <Truncate text={a.applicant.email} />
                  </td>
                  <td role="cell">
                    <CellLabel>{t('applications.appliedAt')}</CellLabel>
                    <span data-nowrap>{date(a.appliedAt)}</span>
                  </td>
                  <td role="cell" data-actions>
                    {fit === 'menu' ? (
                      <RowActions
                        rowName={a.applicant.email}
                        disabled={busy}
                        forceOpen={openMenuFor === a.applicant.email}
                        actions={[
                          { label: t('applications.accept'), onSelect: accept },
                          { label: t('applications.reject'), onSelect: reject, danger: true },
                        ]}
                      />
                    ) : (
                      <div css={rowButtonsCss(theme)}>
                        <Button size="sm" disabled={busy} onClick={accept} aria-label={`${t('applications.accept')}: ${a.applicant.email}`}>
                          {t('applications.accept')}
                        </Button>
                        <Button size="sm" variant="danger" disabled={busy} onClick={reject} aria-label={`${t('applications.reject')}: ${a.applicant.email}`}>
                          {t('applications.reject')}
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'accept' && (
        <Modal
          open
          kind="normal"
          draggable
          title={t('applications.acceptHeading', { name: applicantName(dialog.application) })}
          onClose={() => setDialog(null)}
          onOk={() => void decide(dialog.application, 'accepted')}
          okLabel={t('applications.accept')}
          okLoading={busy}
          showCancel
        >
          <RoleRadios legend={t('applications.role')} roles={grantableRoles(company.role)} value={role} onChange={setRole} />
        </Modal>
      )}
      {dialog?.kind === 'reject' && (
        <ConfirmDialog
          title={t('applications.rejectTitle')}
          message={t('applications.rejectConfirm', { name: applicantName(dialog.application) })}
          okLabel={t('applications.reject')}
          busy={busy}
          onConfirm={() => void decide(dialog.application, 'rejected')}
          onCancel={() => setDialog(null)}
        />
      )}
    </PageCard>
  );
}
