import { useTheme } from '@emotion/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  describedBy,
  emailRule,
  type ErrorContext,
  FieldError,
  FieldHint,
  focusRing,
  type InviteRefusal,
  type InviteRefusedResult,
  type MemberRole,
  Modal,
  type MyCompany,
  toast,
  useErrorHandler,
  useHttp,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { InviteReport, useRefusalText } from './InviteReport';
import { grantableRoles } from './permissions';
import { RoleRadios } from './RoleRadios';

export const MAX_INVITES = 20;
/** Invitation refusals shown inside the dialog, so what was typed stays to be corrected. */
export const INVITE_CODES = [-40005, -40007, -40011, -40013, -40014, -40015, -40016, -40020, -40021, -40022, -20200, -10020] as const;

export interface InviteReportData {
  invited: string[];
  refused: InviteRefusal[];
}

/** The refusals a failed batch carries when every address was refused on its own account. */
function refusalsOf(err: ApiError): InviteRefusal[] | null {
  const result = err.result as Partial<InviteRefusedResult> | undefined;
  return Array.isArray(result?.refused) && result.refused.length > 0 ? result.refused : null;
}

const emailSchema = emailRule();

/** Splits what was typed into addresses (commas, semicolons, spaces or new lines). */
export function parseEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean))];
}

/** Invite by email with a role; the region is always the company's (other regions cannot be invited, -40014). */
export function InviteDialog({
  company,
  onClose,
  onInvited,
  initialEmails = '',
  initialReport = null,
}: {
  company: MyCompany;
  onClose: () => void;
  onInvited: () => void;
  initialEmails?: string;
  /** Opens on the results of a batch (stories). */
  initialReport?: InviteReportData | null;
}) {
  const { t, i18n } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const id = `invite-${useId()}`;
  const roles = grantableRoles(company.role);
  const [emails, setEmails] = useState(initialEmails);
  const [role, setRole] = useState<Exclude<MemberRole, 'owner'>>('member');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refusalText = useRefusalText();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const [report, setReport] = useState<InviteReportData | null>(initialReport);

  function validate(list: string[]): string | null {
    if (list.length === 0) return t('core:validation.required');
    if (list.length > MAX_INVITES) return t('invite.tooMany');
    const bad = list.find((e) => !emailSchema.isValidSync(e));
    return bad ? t('invite.invalidEmail', { email: bad }) : null;
  }

  async function send() {
    const list = parseEmails(emails);
    const problem = validate(list);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await companyApi(http).invite(company.id, { emails: list, role, region: company.region, language: i18n.language });
      const invited = result?.invited ?? list;
      const refused = result?.refused ?? [];
      if (refused.length === 0) {
        toast(t('invite.sent', { emails: invited.join(', ') }), 'success');
        onInvited();
        return;
      }
      // Some were refused: say who and why; the others are invited already.
      setReport({ invited, refused });
      setBusy(false);
    } catch (err) {
      const inline = (e: ApiError, ctx: ErrorContext) => {
        const refused = refusalsOf(e);
        if (refused && list.length > 1) setReport({ invited: [], refused });
        else setError(refused ? refusalText(refused[0]!) : ctx.message);
        return true;
      };
      handleError(err, { handlers: Object.fromEntries(INVITE_CODES.map((code) => [code, inline])) });
      setBusy(false);
    }
  }

  if (report) {
    const finish = () => (report.invited.length > 0 ? onInvited() : onClose());
    return (
      <Modal key="report" open kind="warning" title={t('invite.reportHeading')} onClose={finish} onOk={finish} okLabel={t('invite.done')} maxWidth={520} initialFocus={summaryRef}>
        <InviteReport invited={report.invited} refused={report.refused} summaryRef={summaryRef} />
      </Modal>
    );
  }

  return (
    <Modal open kind="normal" draggable title={t('invite.heading')} onClose={onClose} onOk={() => void send()} okLabel={t('invite.send')} okLoading={busy} showCancel maxWidth={520}>
      <label htmlFor={id} css={{ display: 'block', fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(1) }}>
        {t('invite.emails')}
      </label>
      <textarea
        id={id}
        value={emails}
        rows={4}
        onChange={(e) => setEmails(e.target.value)}
        onBlur={() => emails.trim() && setError(validate(parseEmails(emails)))}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
        css={{ width: '100%', boxSizing: 'border-box', font: 'inherit', padding: theme.space(2), border: `1px solid ${error ? theme.colors.danger : theme.colors.border}`, borderRadius: theme.radius.md, background: theme.colors.surface, color: theme.colors.text, ...focusRing(theme) }}
      />
      <FieldHint id={`${id}-hint`}>{t('invite.emailsHint')}</FieldHint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div css={{ marginTop: theme.space(4) }}>
        <RoleRadios legend={t('invite.role')} roles={roles} value={role} onChange={setRole} />
      </div>
      <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{t('invite.regionNote', { region: t(`core:regions.${company.region}`) })}</p>
    </Modal>
  );
}
