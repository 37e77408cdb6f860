import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import { VisuallyHidden } from './VisuallyHidden';

const SIZES = { sm: 20, md: 40, lg: 64 } as const;

/** Props of LoadingImage: its size and the label read to screen readers. */
export interface LoadingImageProps {
  /** Preset or diameter in pixels. */
  size?: keyof typeof SIZES | number;
  /** Spoken label; defaults to ui.loading. */
  label?: string;
  /** Fill the page (or the section it sits in) and centre the spinner. */
  fullPage?: boolean;
}

/** The page/section loading indicator: one polite status announcement, no visible text. */
export function LoadingImage({ size = 'md', label, fullPage = false }: LoadingImageProps) {
  const { t } = useTranslation('core');
  const theme = useTheme();
  const px = typeof size === 'number' ? size : SIZES[size];
  return (
    <div
      role="status"
      css={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: theme.space(2),
        ...(fullPage ? { minHeight: '50vh', width: '100%' } : {}),
      }}
    >
      <Spinner size={px} color={theme.colors.primary} />
      <VisuallyHidden>{label ?? t('ui.loading')}</VisuallyHidden>
    </div>
  );
}
