import { useTheme } from '@emotion/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  checkFile,
  describedBy,
  ERROR_CODES,
  FieldError,
  FieldHint,
  isUploadRefusedResult,
  LICENSE_RULE,
  type LicenseUploadResult,
  md5OfFile,
  Spinner,
  useErrorHandler,
  useHttp,
  visuallyHiddenStyle,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { LicenseFileLink } from './LicenseFileLink';

export type LicenseValue = Pick<LicenseUploadResult, 'fileId' | 'fileName'> & { url?: string };

/** Licence codes shown on the field rather than as a toast. */
const FIELD_CODES = new Set([-40003, -40004, -40027, -11000, -11001, -11002]);

export interface LicenseUploadProps {
  value: LicenseValue | null;
  onChange: (value: LicenseValue | null) => void;
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
  /** Stories: show the uploading state for this file name. */
  initialUploading?: string;
}

/**
 * Business licence upload (spec section 5): PDF/PNG/JPG up to 5 MB, name under 256
 * characters, checked before sending; the MD5 goes with the file (multipart file, md5, fileName).
 */
export function LicenseUpload({ value, onChange, onBusyChange, disabled, initialUploading }: LicenseUploadProps) {
  const { t } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const handleError = useErrorHandler();
  const inputId = `license-${useId()}`;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(initialUploading ?? null);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    const problem = checkFile(file, LICENSE_RULE);
    if (problem) {
      setError(t(`license.errors.${problem}`));
      return;
    }
    setUploading(file.name);
    onBusyChange(true);
    try {
      const md5 = await md5OfFile(file);
      const result = await companyApi(http).uploadLicense(file, md5, file.name);
      onChange({ fileId: result.fileId, fileName: result.fileName, url: result.url });
    } catch (err) {
      // A file refused by its content (a renamed .exe, say) is said on the field, in the user's language.
      const refusedFile = (apiError: ApiError) => {
        const result = apiError.result;
        if (!isUploadRefusedResult(result)) return false;
        setError(t(`license.errors.${result.reason === 'type' ? 'notAFile' : result.reason}`));
        return true;
      };
      handleError(err, {
        handlers: {
          ...Object.fromEntries([...FIELD_CODES].map((code) => [code, (_e: unknown, ctx: { message: string }) => (setError(ctx.message), true)])),
          [ERROR_CODES.invalidParameter]: refusedFile,
        },
      });
    } finally {
      setUploading(null);
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
  }

  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div role="group" aria-labelledby={`${inputId}-label`} css={{ marginBottom: theme.space(4) }}>
      <p id={`${inputId}-label`} css={{ fontSize: theme.font.sizeSm, fontWeight: 600, margin: `0 0 ${theme.space(1)}` }}>
        {t('fields.license')}
      </p>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3) }}>
        <input
          ref={input}
          id={inputId}
          type="file"
          tabIndex={-1}
          aria-labelledby={`${inputId}-label`}
          accept={[...LICENSE_RULE.types, ...LICENSE_RULE.extensions].join(',')}
          disabled={disabled || uploading !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, error && errorId)}
          onChange={(e) => void pick(e.target.files?.[0])}
          css={visuallyHiddenStyle}
        />
        <Button
          variant="secondary"
          disabled={disabled || uploading !== null}
          onClick={() => input.current?.click()}
          aria-describedby={describedBy(hintId, error && errorId)}
        >
          {value ? t('license.replace') : t('license.choose')}
        </Button>
        {uploading !== null && (
          <span role="status" css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
            <Spinner />
            {t('license.uploading', { name: uploading })}
          </span>
        )}
        {uploading === null && value && (
          <>
            <span role="status">
              {value.url ? (
                <LicenseFileLink url={value.url} fileName={value.fileName}>
                  {t('license.uploaded', { name: value.fileName })}
                </LicenseFileLink>
              ) : (
                t('license.uploaded', { name: value.fileName })
              )}
            </span>
            <Button variant="text" disabled={disabled} onClick={() => onChange(null)}>
              {t('license.remove')}
            </Button>
          </>
        )}
      </div>
      <FieldHint id={hintId}>{t('license.hint')}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
