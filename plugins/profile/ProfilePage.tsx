import { useTheme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  type ConflictInfoRequest,
  type ConflictInfoResult,
  isAbortError,
  LoadingImage,
  PageCard,
  useErrorHandler,
  useHttp,
  type UserProfile,
} from '@portal/plugin-api';
import { AvatarPanel, type AvatarPanelProps } from './AvatarPanel';
import { ConflictNotice } from './ConflictNotice';
import { ProfileDetails } from './ProfileDetails';
import { ProfileForm } from './ProfileForm';

export type ProfileMode = 'view' | 'edit';

export interface ProfilePageProps {
  /** Stories open the page in edit mode; the route always starts in view mode. */
  initialMode?: ProfileMode;
  /** The instant time-zone offsets are shown for; fixed in stories so screenshots do not change with DST. */
  referenceDate?: Date;
  /** Stories: start the avatar panel uploading or showing an error. */
  avatarState?: AvatarPanelProps['initialState'];
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; profile: UserProfile };

/** /accountSetting/myProfile: the user's profile, its conflict notice, the avatar and the edit form. */
export default function ProfilePage({ initialMode = 'view', referenceDate, avatarState }: ProfilePageProps) {
  const theme = useTheme();
  const { t } = useTranslation(['profile', 'core']);
  const http = useHttp();
  // Read through a ref: the handler changes with the language, which must not re-run the calls.
  const handleError = useErrorHandler();
  const handleErrorRef = useRef(handleError);
  handleErrorRef.current = handleError;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [mode, setMode] = useState<ProfileMode>(initialMode);
  const [conflict, setConflict] = useState<ConflictInfoResult | null>(null);
  const [now] = useState(() => referenceDate ?? new Date());
  const editRef = useRef<HTMLButtonElement>(null);
  const focusEdit = useRef(false);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    http.get<UserProfile>('/user-info').then(
      (profile) => live && setLoad({ state: 'ready', profile }),
      (error: unknown) => {
        if (!live || isAbortError(error)) return;
        setLoad({ state: 'failed' });
        handleErrorRef.current(error);
      },
    );
    return () => {
      live = false;
    };
  }, [http, attempt, handleErrorRef]);

  // Checked on arrival and again after each save (a completed profile can end a conflict).
  const email = load.state === 'ready' ? load.profile.email : null;
  const [conflictCheck, setConflictCheck] = useState(0);
  useEffect(() => {
    if (!email) return;
    let live = true;
    const body: ConflictInfoRequest = { email };
    http.post<ConflictInfoResult>('/accounts/conflictInfo', body).then(
      (result) => live && setConflict(result),
      // The page works without it: no toast, but an ended session still ends.
      (error: unknown) => live && handleErrorRef.current(error, { suppressToast: true }),
    );
    return () => {
      live = false;
    };
  }, [http, email, conflictCheck, handleErrorRef]);

  useEffect(() => {
    if (mode === 'view' && focusEdit.current) {
      focusEdit.current = false;
      editRef.current?.focus();
    }
  }, [mode]);

  const backToView = () => {
    focusEdit.current = true;
    setMode('view');
  };

  const setProfile = (profile: UserProfile) => setLoad({ state: 'ready', profile });

  return (
    <PageCard level={1} id="profile" title={t('profile:heading')} intro={t('profile:intro')} busy={load.state === 'loading'}>
      {load.state === 'loading' && <LoadingImage label={t('profile:loading')} />}
      {load.state === 'failed' && (
        <div role="alert" css={{ marginTop: theme.space(4) }}>
          <p>{t('profile:loadFailed')}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('profile:retry')}
          </Button>
        </div>
      )}
      {load.state === 'ready' && (
        <>
          {conflict?.conflict && <ConflictNotice conflict={conflict} />}
          <AvatarPanel profile={load.profile} onUpdated={setProfile} initialState={avatarState} />
          <div css={{ marginTop: theme.space(4) }}>
            {mode === 'view' ? (
              <ProfileDetails ref={editRef} profile={load.profile} referenceDate={now} onEdit={() => setMode('edit')} />
            ) : (
              <ProfileForm
                profile={load.profile}
                referenceDate={now}
                onCancel={backToView}
                onSaved={(profile) => {
                  setProfile(profile);
                  setConflictCheck((n) => n + 1);
                  backToView();
                }}
              />
            )}
          </div>
        </>
      )}
    </PageCard>
  );
}
