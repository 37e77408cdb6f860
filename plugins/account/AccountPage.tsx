import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  Button,
  isLanguageCode,
  languageByCode,
  PageCard,
  toast,
  useErrorHandler,
  usePluginConfig,
  usePortal,
  userAtom,
  type UserInfo,
} from '@portal/plugin-api';
import { accountConfig } from './config';

function Row({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const theme = useTheme();
  return (
    <div css={{ display: 'grid', gap: theme.space(1), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}>
      <dt css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{label}</dt>
      <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
      {hint && <dd css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{hint}</dd>}
    </div>
  );
}

export default function AccountPage() {
  const { t } = useTranslation(['account', 'core']);
  const theme = useTheme();
  const user = useAtomValue(userAtom);
  const { http, config, session } = usePortal();
  const settings = usePluginConfig(accountConfig);
  const handleError = useErrorHandler();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<'refresh' | 'signOut' | null>(null);

  if (!user) return null; // the /accountSetting guard loads the user before any child renders

  async function refresh() {
    setBusy('refresh');
    try {
      session.updateUser(await http.get<UserInfo>('/user-info'));
      toast(t('account:refreshed'), 'success');
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(null);
    }
  }

  async function leave() {
    setBusy('signOut');
    await session.signOut('user');
    navigate(`~${config.signInPath}`, { replace: true });
  }

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const language = isLanguageCode(user.language) ? languageByCode(user.language).nativeName : user.language;

  return (
    <PageCard level={1} id="account" title={t('account:heading')} intro={t('account:intro')}>
      <dl css={{ margin: 0 }}>
        {name && <Row label={t('account:fields.name')} value={name} />}
        <Row label={t('account:fields.email')} value={user.email} />
        {settings.showAccountId && <Row label={t('account:fields.accountId')} value={user.accountId} />}
        <Row label={t('account:fields.region')} value={t(`core:regions.${user.region}`)} hint={t('account:regionHint')} />
        <Row label={t('account:fields.identityProvider')} value={t(`account:providers.${user.identityProvider}`, { defaultValue: user.identityProvider })} />
        {language && <Row label={t('account:fields.language')} value={language} />}
      </dl>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(6) }}>
        <Button variant="secondary" loading={busy === 'refresh'} disabled={busy !== null} onClick={() => void refresh()}>
          {t('account:refresh')}
        </Button>
        <Button variant="danger" loading={busy === 'signOut'} disabled={busy !== null} onClick={() => void leave()} aria-describedby="sign-out-hint">
          {t('account:signOut')}
        </Button>
      </div>
      <p id="sign-out-hint" css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>
        {t('account:signOutHint')}
      </p>
    </PageCard>
  );
}
