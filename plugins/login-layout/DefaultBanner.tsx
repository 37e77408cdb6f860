import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';

/** The banner when no slides are configured: drawn, so it costs no request. */
export function DefaultBanner() {
  const theme = useTheme();
  const { t } = useTranslation('login-layout');
  return (
    <div css={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', padding: theme.space(10), color: theme.colors.primaryText }}>
      <svg aria-hidden="true" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice" css={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}>
        <defs>
          <linearGradient id="uid-banner" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={theme.colors.primary} />
            <stop offset="1" stopColor={theme.colors.primaryHover} />
          </linearGradient>
        </defs>
        <rect width="400" height="300" fill="url(#uid-banner)" />
        <circle cx="320" cy="60" r="120" fill="#fff" opacity="0.06" />
        <circle cx="60" cy="260" r="90" fill="#fff" opacity="0.08" />
        <path d="M0 220 C120 160 260 280 400 200 L400 300 L0 300 Z" fill="#fff" opacity="0.07" />
      </svg>
      <p css={{ position: 'relative', margin: 0, fontSize: theme.font.sizeXl, fontWeight: 600, maxWidth: 420 }}>{t('bannerTagline')}</p>
      <p css={{ position: 'relative', margin: `${theme.space(2)} 0 0`, opacity: 0.85, maxWidth: 420 }}>{t('bannerText')}</p>
    </div>
  );
}
