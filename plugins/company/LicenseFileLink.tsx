import { useTheme } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, Spinner, useErrorHandler, useHttp, VisuallyHidden } from '@portal/plugin-api';
import { companyApi } from './api';
import { licenseFileOf } from './licenseFile';

export interface LicenseFileLinkProps {
  /** The file URL the server gave (`Company.businessLicense.url`, `LicenseUploadResult.url`). */
  url: string;
  fileName: string;
  children: ReactNode;
}

/**
 * The business licence as a link-looking button: it downloads the file with the access token
 * (the server refuses anyone but members and the uploader), shows that it is busy meanwhile and
 * reports a refusal like any failed call. A URL of an unknown shape shows as plain text.
 */
export function LicenseFileLink({ url, fileName, children }: LicenseFileLinkProps) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const [busy, setBusy] = useState(false);
  const file = licenseFileOf(url);
  if (!file) return <>{children}</>;

  async function download() {
    if (!file || busy) return;
    setBusy(true);
    try {
      saveBlob(await companyApi(http).licenseFile(file), fileName);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
      <button
        type="button"
        onClick={() => void download()}
        aria-disabled={busy || undefined}
        css={{
          background: 'none',
          border: 0,
          padding: 0,
          font: 'inherit',
          textAlign: 'start',
          overflowWrap: 'anywhere',
          color: theme.colors.primary,
          textDecoration: 'underline',
          cursor: busy ? 'progress' : 'pointer',
          '&:focus-visible': { outline: `2px solid ${theme.colors.primary}`, outlineOffset: 2 },
        }}
      >
        {children}
      </button>
      {busy && <Spinner size={16} />}
      <VisuallyHidden role="status">{busy ? t('license.downloading', { name: fileName }) : ''}</VisuallyHidden>
    </span>
  );
}
