import { useTheme } from '@emotion/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  describedBy,
  emailRule,
  type ErrorContext,
  ERROR_CODES,
  FieldError,
  FieldHint,
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
import { addAddresses, EmailChips } from './EmailChips';
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
const isValidEmail = (email: string) => emailSchema.isValidSync(email);

/** Splits what was typed into addresses (commas, semicolons, spaces or new lines). */
export function parseEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean))];
}

/**
 * Invite by email with a role; the region is always the company's (other regions cannot be
 * invited, -40014). Addresses are chips (EmailChips): a malformed one is marked and left out, the
 * others are invited, and the results say, address by address, who was invited and who was not.
 */
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
  /** Addresses already added (stories): each becomes a chip. */
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
  const [addresses, setAddresses] = useState<string[]>(() => parseEmails(initialEmails));
  const [draft, setDraft] = useState('');
  const [role, setRole] = useState<Exclude<MemberRole, 'owner'>>('member');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refusalText = useRefusalText();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const [report, setReport] = useState<InviteReportData | null>(initialReport);
  const flagged = addresses.filter((e) => !isValidEmail(e));

  function validate(list: string[]): string | null {
    if (list.length === 0) return t('core:validation.required');
    if (list.length > MAX_INVITES) return t('invite.tooMany');
    return list.some(isValidEmail) ? null : t('invite.noneValid');
  }

  async function send() {
    // What is still being typed counts too.
    const list = addAddresses(addresses, parseEmails(draft));
    setAddresses(list);
    setDraft('');
    const problem = validate(list);
    setError(problem);
    if (problem) return;
    const valid = list.filter(isValidEmail);
    // Malformed addresses are not sent; they are reported where they were typed.
    const malformed: InviteRefusal[] = list.filter((e) => !isValidEmail(e)).map((email) => ({ email, errorCode: ERROR_CODES.invalidEmail }));
    const inTypedOrder = (refused: InviteRefusal[]) => [...malformed, ...refused].sort((a, b) => list.indexOf(a.email) - list.indexOf(b.email));
    setBusy(true);
    try {
      const result = await companyApi(http).invite(company.id, { emails: valid, role, region: company.region, language: i18n.language });
      const invited = result?.invited ?? valid;
      const refused = inTypedOrder(result?.refused ?? []);
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
        if (refused && list.length > 1) setReport({ invited: [], refused: inTypedOrder(refused) });
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
      <EmailChips
        id={id}
        addresses={addresses}
        draft={draft}
        isValid={isValidEmail}
        onChange={(next, text) => {
          setAddresses(next);
          setDraft(text);
          if (error && next.length > 0) setError(null);
        }}
        invalid={Boolean(error)}
        describedBy={describedBy(`${id}-hint`, flagged.length > 0 && `${id}-flagged`, error && `${id}-error`)}
      />
      <FieldHint id={`${id}-hint`}>{t('invite.emailsHint')}</FieldHint>
      {flagged.length > 0 && (
        <p id={`${id}-flagged`} css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
          {t('invite.flagged')}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div css={{ marginTop: theme.space(4) }}>
        <RoleRadios legend={t('invite.role')} roles={roles} value={role} onChange={setRole} />
      </div>
      <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{t('invite.regionNote', { region: t(`core:regions.${company.region}`) })}</p>
    </Modal>
  );
}
