import { useTheme } from '@emotion/react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Spinner, visuallyHiddenStyle } from '@portal/plugin-api';

/** Spec section 9: the captcha dialog is at most 400 px wide. */
export const CAPTCHA_MODAL_MAX_WIDTH = 400;
/** Height of the frame's content (300×160 puzzle, the slider track and the status row). */
export const CAPTCHA_FRAME_HEIGHT = 262;

export interface CaptchaDialogProps {
  src: string;
  /** True until the frame reports 'loaded'. */
  loading: boolean;
  /** Failed slides so far; each one re-announces the 'try again' message. */
  failures: number;
  onClose: () => void;
  iframeRef?: Ref<HTMLIFrameElement>;
}

/**
 * The captcha dialog as the user sees it: title, the server's slider frame, a loading state
 * until the frame says it is ready, and a live region for failed slides. State comes from
 * props (CaptchaStep drives it from the frame's messages), so stories render every state.
 */
export function CaptchaDialog({ src, loading, failures, onClose, iframeRef }: CaptchaDialogProps) {
  const theme = useTheme();
  const { t } = useTranslation('captcha');
  return (
    <Modal open onClose={onClose} kind="normal" title={t('title')} description={t('intro')} maxWidth={CAPTCHA_MODAL_MAX_WIDTH}>
      {/*
        The frame reaches into the dialog's side padding (20 px each side): its 300 px puzzle then has
        room around it for the slider handle's focus ring on a 375 px phone, where the column is 303 px.
      */}
      <div
        css={{ position: 'relative', height: CAPTCHA_FRAME_HEIGHT, marginTop: theme.space(3), marginInline: `-${theme.space(5)}` }}
        aria-busy={loading || undefined}
      >
        <iframe
          ref={iframeRef}
          src={src}
          title={t('frameTitle')}
          // Scripts and its own origin (for its API calls and message checks); no popups, forms or top navigation.
          sandbox="allow-scripts allow-same-origin"
          css={{ display: 'block', width: '100%', height: '100%', border: 0, visibility: loading ? 'hidden' : 'visible' }}
        />
        {loading && (
          <div
            aria-hidden="true"
            css={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: theme.space(3), alignItems: 'center', justifyContent: 'center', color: theme.colors.primary }}
          >
            <Spinner size={32} />
            <span css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('loading')}</span>
          </div>
        )}
      </div>
      {/* Read out, not drawn: the frame shows its own status line under the slider, so a line here was an empty band. */}
      <p role="status" css={{ ...visuallyHiddenStyle, margin: 0 }}>
        {loading ? t('loading') : failures > 0 ? <span key={failures}>{t('failed')}</span> : null}
      </p>
    </Modal>
  );
}
