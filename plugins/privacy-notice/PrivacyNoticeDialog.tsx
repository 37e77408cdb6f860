import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Modal, VisuallyHidden } from '@portal/plugin-api';

export interface PrivacyNoticeDialogProps {
  /** The new policy (already checked to be http(s)); no link without it. */
  policyUrl: string | null;
  busy: boolean;
  onAcknowledge: () => void;
}

const noop = () => {};

/** The notice itself: not dismissible (no close button, Escape and outside clicks do nothing). */
export function PrivacyNoticeDialog({ policyUrl, busy, onAcknowledge }: PrivacyNoticeDialogProps) {
  const theme = useTheme();
  const { t } = useTranslation('privacy-notice');
  return (
    <Modal
      open
      kind="info"
      title={t('title')}
      description={t('body')}
      dismissible={false}
      onClose={noop}
      onOk={onAcknowledge}
      okLabel={t('acknowledge')}
      okLoading={busy}
    >
      {policyUrl && (
        <p css={{ margin: `${theme.space(3)} 0 0` }}>
          <a href={policyUrl} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary, fontWeight: 600 }}>
            {t('readPolicy')}{' '}
            <VisuallyHidden>({t('newTab')})</VisuallyHidden>
          </a>
        </p>
      )}
    </Modal>
  );
}
