import { useTheme } from '@emotion/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  ERROR_CODES,
  messageKeyFor,
  toast,
  translateDataKey,
  type TranslationKey,
  Truncate,
  useErrorHandler,
  usePortal,
  type UserProfile,
  visuallyHiddenStyle,
} from '@portal/plugin-api';
import { AVATAR_CODES, checkAvatar, localProblemKey, refusedUploadKey, uploadAvatar } from './avatarUpload';

const SIZE = 96;

export interface AvatarPanelProps {
  profile: UserProfile;
  onUpdated: (profile: UserProfile) => void;
  /** Start in a state (stories): uploading, or showing an error message key. */
  initialState?: { uploading?: boolean; errorKey?: TranslationKey };
}

function initials(profile: UserProfile): string {
  const letters = [profile.firstName, profile.lastName].map((n) => Array.from(n?.trim() ?? '')[0] ?? '').join('');
  return (letters || Array.from(profile.email)[0] || '?').toUpperCase();
}

/** The avatar with its picker: PNG or JPG up to 1 MB, checked here, hashed (MD5) here, then uploaded. */
export function AvatarPanel({ profile, onUpdated, initialState }: AvatarPanelProps) {
  const theme = useTheme();
  const { t } = useTranslation(['profile', 'core']);
  const { http, session } = usePortal();
  const handleError = useErrorHandler();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(initialState?.uploading ?? false);
  const [errorKey, setErrorKey] = useState<TranslationKey | null>(initialState?.errorKey ?? null);
  const id = useId();
  const rulesId = `${id}-rules`;
  const noticeId = `${id}-notice`;
  const errorId = `${id}-error`;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again must fire change again
    if (!file || uploading) return;
    const problem = checkAvatar(file);
    if (problem) {
      setErrorKey(localProblemKey(problem));
      return;
    }
    setErrorKey(null);
    setUploading(true);
    try {
      const updated = await uploadAvatar(http, file, profile.accountId);
      session.accountChanged(updated);
      onUpdated(updated);
      toast(t('profile:avatar.updated'), 'success');
    } catch (error) {
      const beside = (apiError: ApiError) => {
        setErrorKey(`core:errors.${messageKeyFor(apiError.code) ?? 'unknown'}`);
        return true;
      };
      // A refused file's content is said beside the avatar too, in the user's language.
      const refusedFile = (apiError: ApiError) => {
        const key = refusedUploadKey(apiError.result);
        if (key) setErrorKey(key);
        return key !== null;
      };
      handleError(error, { handlers: { ...Object.fromEntries(AVATAR_CODES.map((code) => [code, beside])), [ERROR_CODES.invalidParameter]: refusedFile } });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(4), padding: `${theme.space(4)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}>
      <div
        css={{
          position: 'relative',
          width: SIZE,
          height: SIZE,
          flex: 'none',
          borderRadius: '50%',
          overflow: 'hidden',
          background: theme.colors.background,
          border: `1px solid ${theme.colors.border}`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: theme.font.sizeXl,
          fontWeight: 600,
          color: theme.colors.primary,
        }}
      >
        {profile.avatar ? (
          <img src={profile.avatar} alt={t('profile:avatar.alt', { name })} width={SIZE} height={SIZE} css={{ objectFit: 'cover', width: '100%', height: '100%' }} />
        ) : (
          <span role="img" aria-label={t('profile:avatar.none', { name })}>
            {initials(profile)}
          </span>
        )}
        {uploading && (
          <div css={{ position: 'absolute', inset: 0, background: theme.colors.overlay, display: 'flex', alignItems: 'center', justifyContent: 'center' }} aria-hidden="true" />
        )}
      </div>
      <div css={{ flex: '1 1 220px', minWidth: 0 }}>
        <p css={{ margin: `0 0 ${theme.space(2)}`, fontWeight: 600, fontSize: theme.font.sizeLg }}>
          <Truncate text={name} />
        </p>
        <input
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          tabIndex={-1}
          aria-label={t('profile:avatar.choose')}
          onChange={(e) => void onPick(e)}
          css={visuallyHiddenStyle}
        />
        <Button
          variant="secondary"
          size="sm"
          loading={uploading}
          aria-describedby={[rulesId, noticeId, errorKey ? errorId : ''].filter(Boolean).join(' ')}
          onClick={() => inputRef.current?.click()}
        >
          {uploading ? t('profile:avatar.uploading') : t('profile:avatar.change')}
        </Button>
        <p id={rulesId} css={{ margin: `${theme.space(2)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
          {t('profile:avatar.rules')}
        </p>
        <p id={noticeId} css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
          {t('profile:avatar.notice')}
        </p>
        {errorKey && (
          <p id={errorId} role="alert" css={{ margin: `${theme.space(2)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
            {translateDataKey(t, errorKey)}
          </p>
        )}
        <span role="status" css={visuallyHiddenStyle}>
          {uploading ? t('profile:avatar.uploading') : ''}
        </span>
      </div>
    </div>
  );
}
