import { useTheme } from '@emotion/react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type InviteRefusal, type KeyOf, messageKeyFor, focusTargetCss } from '@portal/plugin-api';

/** Why an address was not invited, as a sentence for the person who invited it. */
const REFUSAL_KEYS: Partial<Record<number, KeyOf<'company'>>> = {
  [ERROR_CODES.invalidEmail]: 'invite.refused.invalid',
  [ERROR_CODES.alreadyInOrg]: 'invite.refused.alreadyMember',
  [ERROR_CODES.alreadyInvited]: 'invite.refused.alreadyInvited',
  [ERROR_CODES.previouslyInvited]: 'invite.refused.expired',
  [ERROR_CODES.inviteWait7Days]: 'invite.refused.waitWeek',
  [ERROR_CODES.userDailyInvitesExceeded]: 'invite.refused.dailyCap',
};

export function useRefusalText(): (refusal: InviteRefusal) => string {
  const { t } = useTranslation(['company', 'core']);
  return ({ email, errorCode }) => {
    const key = REFUSAL_KEYS[errorCode];
    if (key) return t(key, { email });
    const catalogue = messageKeyFor(errorCode);
    return t('invite.refused.other', { email, reason: catalogue ? t(`core:errors.${catalogue}`) : t('core:errors.unknown') });
  };
}

/**
 * The outcome of a batch, address by address: who was invited, who was not and why. The dialog
 * focuses its summary (`summaryRef`), so a screen reader reads it from the top.
 */
export function InviteReport({ invited, refused, summaryRef }: { invited: string[]; refused: InviteRefusal[]; summaryRef?: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const refusalText = useRefusalText();
  const listCss = { listStyle: 'none', margin: `0 0 ${theme.space(4)}`, padding: 0, display: 'grid', gap: theme.space(2) } as const;
  const rowCss = { display: 'flex', gap: theme.space(2), alignItems: 'baseline', overflowWrap: 'anywhere' } as const;
  const subheading = { fontSize: theme.font.sizeMd, margin: `0 0 ${theme.space(2)}` } as const;
  return (
    <div>
      <p ref={summaryRef} tabIndex={-1} css={{ margin: `0 0 ${theme.space(4)}`, ...focusTargetCss }}>
        {t('invite.summary', { invited: invited.length, refused: refused.length })}
      </p>
      {invited.length > 0 && (
        <>
          <h3 css={subheading}>{t('invite.invitedHeading')}</h3>
          <ul css={listCss} aria-label={t('invite.invitedHeading')}>
            {invited.map((email) => (
              <li key={email} css={rowCss}>
                <span aria-hidden css={{ color: theme.colors.success, fontWeight: 700 }}>
                  ✓
                </span>
                <span>{email}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {refused.length > 0 && (
        <>
          <h3 css={subheading}>{t('invite.refusedHeading')}</h3>
          <ul css={listCss} aria-label={t('invite.refusedHeading')}>
            {refused.map((r) => (
              <li key={r.email} css={rowCss}>
                <span aria-hidden css={{ color: theme.colors.danger, fontWeight: 700 }}>
                  ✕
                </span>
                <span>{refusalText(r)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
