/**
 * The two forms a sign-in at another provider may need back on the login page (a company's
 * directory, a social provider), each plugin giving its own words:
 * - an ID of the address exists: its password, once, links the identity to it;
 * - no ID yet: the names the provider gave, the country/region and the privacy policy make one.
 */
import { useTheme } from '@emotion/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../http/ApiError';
import { ERROR_CODES } from '../contract/errorCodes';
import type { RegionCode } from '../contract/regions';
import { errorMessage } from '../errors/message';
import { currentLanguage } from '../i18n/i18n';
import { CountryRegionSelect } from '../regions/CountryRegionSelect';
import { useRegionWhiteList } from '../regions/useRegionWhiteList';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Notice } from '../ui/Notice';
import { TextField } from '../ui/TextField';

/** The link form's words, the ID's address and its state. */
export interface ExternalLinkFormProps {
  intro: ReactNode;
  passwordLabel: string;
  submitLabel: string;
  /** The ID's address (for the password manager). */
  email: string;
  busy: boolean;
  problem: ApiError | null;
  onSubmit(password: string): Promise<void>;
}

/** An ID of this address exists: its password, once, links the other provider's sign-in to it. */
export function ExternalLinkForm({ intro, passwordLabel, submitLabel, email, busy, problem, onSubmit }: ExternalLinkFormProps) {
  const theme = useTheme();
  const { t } = useTranslation(['core']);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) void onSubmit(password).then(() => setPassword(''));
  };
  return (
    <form noValidate onSubmit={submit}>
      <p css={{ margin: `0 0 ${theme.space(4)}` }}>{intro}</p>
      {problem ? (
        <Notice kind="error" role="alert">
          {errorMessage(problem, t)}
        </Notice>
      ) : null}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField label={passwordLabel} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
      <Button type="submit" fullWidth disabled={!password || busy} loading={busy} css={{ marginTop: theme.space(5) }}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The words of the new-ID form. */
export interface ExternalCreateTexts {
  firstName: string;
  lastName: string;
  country: string;
  privacy: string;
  privacyLink: string;
  privacyRequired: string;
  submit: string;
}

/** What the new-ID form sends (the plugin adds its proof and makes the call). */
export interface ExternalNewAccount {
  firstName: string;
  lastName: string;
  country: string;
  acceptPrivacyVersion: number;
  language: string;
}

/** The new-ID form's words, what the provider gave, and its calls. */
export interface ExternalCreateFormProps {
  intro: ReactNode;
  /** Said above the fields (e.g. why the new ID did not join the company). */
  notice?: ReactNode;
  texts: ExternalCreateTexts;
  givenName?: string;
  familyName?: string;
  /** The country/region chosen at first (the company's); none: the person picks. */
  country?: string;
  /** Only these regions' countries are offered (a provider offered there); all when absent. */
  regions?: readonly RegionCode[];
  privacy?: { version: number; url: string };
  busy: boolean;
  problem: ApiError | null;
  onProblem(error: ApiError | null): void;
  /** Makes the ID (the plugin's call); throws its refusal. */
  create(fields: ExternalNewAccount): Promise<void>;
  /** The ID is made: sign in with the proof. */
  onCreated(): Promise<void>;
  /** The proof is spent or expired: no ID can come of it any more. */
  onExpired(): void;
}

const NO_COUNTRIES = { Use: [], Aps: [], Euw: [] };

/** No ID yet: the names the provider gave, the country/region and the policy. */
export function ExternalCreateForm({ intro, notice, texts, givenName, familyName, country: initialCountry, regions, privacy, busy, problem, onProblem, create, onCreated, onExpired }: ExternalCreateFormProps) {
  const theme = useTheme();
  const { t } = useTranslation(['core']);
  const whiteList = useRegionWhiteList();
  const [firstName, setFirstName] = useState(givenName ?? '');
  const [lastName, setLastName] = useState(familyName ?? '');
  const [country, setCountry] = useState<string | null>(initialCountry ?? null);
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState(false);
  const missing = { firstName: !firstName.trim(), lastName: !lastName.trim(), country: !country, privacy: !accepted };
  const list = whiteList.list && regions ? { Use: regions.includes('Use') ? whiteList.list.Use : [], Aps: regions.includes('Aps') ? whiteList.list.Aps : [], Euw: regions.includes('Euw') ? whiteList.list.Euw : [] } : whiteList.list;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(missing).some(Boolean) || !country) return;
    setCreating(true);
    onProblem(null);
    try {
      // Made already (the sign-in after it failed): only the sign-in again, never a second ID.
      if (!made) {
        await create({ firstName: firstName.trim(), lastName: lastName.trim(), country, acceptPrivacyVersion: privacy?.version ?? 0, language: currentLanguage() });
        setMade(true);
      }
      await onCreated();
    } catch (error) {
      if ((error as ApiError).code === ERROR_CODES.invalidToken) return onExpired();
      // What was typed stays; the problem is said above the button.
      onProblem(error as ApiError);
    } finally {
      setCreating(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <p css={{ margin: `0 0 ${theme.space(4)}` }}>{intro}</p>
      {notice ? (
        <Notice kind="info" role="status">
          {notice}
        </Notice>
      ) : null}
      <div css={{ display: 'grid', gap: theme.space(4) }}>
        <TextField label={texts.firstName} autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} error={tried && missing.firstName ? t('validation.required') : undefined} />
        <TextField label={texts.lastName} autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} error={tried && missing.lastName ? t('validation.required') : undefined} />
        <CountryRegionSelect list={list ?? NO_COUNTRIES} value={country} onChange={setCountry} label={texts.country} required disabled={!whiteList.list} error={tried && missing.country ? t('validation.required') : undefined} />
        <Checkbox
          label={
            <>
              {texts.privacy}{' '}
              {privacy?.url ? (
                <a href={privacy.url} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary }}>
                  {texts.privacyLink}
                </a>
              ) : null}
            </>
          }
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          error={tried && missing.privacy ? texts.privacyRequired : undefined}
        />
      </div>
      {problem ? (
        <div css={{ marginTop: theme.space(4) }}>
          <Notice kind="error" role="alert">
            {errorMessage(problem, t)}
          </Notice>
        </div>
      ) : null}
      <Button type="submit" fullWidth loading={creating || busy} css={{ marginTop: theme.space(5) }}>
        {texts.submit}
      </Button>
    </form>
  );
}
