import { useTheme } from '@emotion/react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Checkbox,
  ERROR_CODES,
  focusForReading,
  focusRing,
  Modal,
  Notice,
  TextField,
  toApiError,
  toast,
} from '@portal/plugin-api';
import { type CompanySignInApi } from './companySignInApi';
import type {
  ConnectionInput,
  ConnectionResult,
  ConnectionView,
  SecondFactorChoice,
} from './contract';
import { type Report, Part, Badge, CopyValue } from './companySignInParts';

type FieldName = 'issuer' | 'clientId' | 'clientSecret';
const FIELDS: readonly FieldName[] = ['issuer', 'clientId', 'clientSecret'];
const SECOND_FACTORS: readonly SecondFactorChoice[] = ['provider', 'portal'];
/** Plain http is only for a provider on this machine (development); the server refuses it in production. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer the server may call: an https address, or http on loopback. */
export function isIssuerAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

interface ProviderForm {
  issuer: string;
  clientId: string;
  clientSecret: string;
  secondFactor: SecondFactorChoice;
  required: boolean;
}

/** The form as the saved connection has it; the secret is never sent back, so it starts empty. */
const formOf = (connection: ConnectionView | null): ProviderForm => ({
  issuer: connection?.issuer ?? '',
  clientId: connection?.clientId ?? '',
  clientSecret: '',
  secondFactor: connection?.secondFactor ?? 'provider',
  required: connection?.required ?? false,
});

/** The field a -10020 names in its result, when it is one of the form's. */
function refusedField(error: unknown): FieldName | null {
  const apiError = toApiError(error);
  if (apiError.code !== ERROR_CODES.invalidParameter) return null;
  const field = (apiError.result as { field?: unknown } | undefined)?.field;
  return FIELDS.find((f) => f === field) ?? null;
}


/** The provider: the redirect URI to register, the provider's settings, save and disconnect. */
export function ProviderPart({ result, api, onResult, report }: { result: ConnectionResult; api: CompanySignInApi; onResult: (result: ConnectionResult) => void; report: Report }) {
  const { t } = useTranslation(['enterprise-sso-company', 'core']);
  const theme = useTheme();
  const connection = result.connection;
  const connected = connection !== null;
  const [form, setForm] = useState<ProviderForm>(() => formOf(connection));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<'ask' | 'busy' | null>(null);
  const issuerRef = useRef<HTMLInputElement>(null);
  const clientIdRef = useRef<HTMLInputElement>(null);
  const clientSecretRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const refs: Record<FieldName, RefObject<HTMLInputElement | null>> = { issuer: issuerRef, clientId: clientIdRef, clientSecret: clientSecretRef };
  const radioName = `second-factor-${useId()}`;
  const failureId = `${radioName}-failure`;

  // After a disconnect its button is gone: the section's heading takes the focus.
  useEffect(() => {
    if (focusHeading && headingRef.current) {
      focusForReading(headingRef.current);
      setFocusHeading(false);
    }
  }, [focusHeading]);

  const set = <K extends keyof ProviderForm>(key: K, value: ProviderForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function check(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {};
    if (!isIssuerAddress(form.issuer.trim())) found.issuer = t('provider.errors.issuer');
    if (!form.clientId.trim()) found.clientId = t('provider.errors.clientId');
    if (!connected && !form.clientSecret) found.clientSecret = t('provider.errors.clientSecret');
    return found;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const input: ConnectionInput = {
      issuer: form.issuer.trim(),
      clientId: form.clientId.trim(),
      // Left empty on an existing connection: the server keeps the saved secret.
      ...(form.clientSecret ? { clientSecret: form.clientSecret } : {}),
      secondFactor: form.secondFactor,
      required: form.required,
    };
    setSaving(true);
    try {
      const saved = await api.save(input);
      onResult(saved);
      setForm(formOf(saved.connection));
      toast(t('provider.saved'), 'success');
    } catch (error) {
      setFailure(report(error));
      const field = refusedField(error);
      if (field) {
        setErrors({ [field]: t(`provider.errors.${field}`) });
        refs[field].current?.focus();
      }
    } finally {
      setSaving(false);
    }
  }

  async function disconnect() {
    setConfirming('busy');
    setFailure(null);
    try {
      const after = await api.disconnect();
      setConfirming(null);
      onResult(after);
      setForm(formOf(after.connection));
      setErrors({});
      toast(t('provider.disconnected'), 'success');
      setFocusHeading(true);
    } catch (error) {
      setConfirming(null);
      setFailure(report(error));
    }
  }

  return (
    <Part
      id="sso-provider"
      title={t('provider.heading')}
      headingRef={headingRef}
      badge={<Badge tone={connected ? 'good' : 'plain'}>{connected ? t('provider.connected') : t('provider.notConnected')}</Badge>}
    >
      <CopyValue label={t('provider.redirectUri')} value={result.redirectUri} copyLabel={t('provider.copyRedirectUri')} hint={t('provider.redirectUriHint')} />
      <form noValidate onSubmit={(e) => void save(e)} css={{ marginTop: theme.space(4), maxWidth: 560 }}>
        <TextField
          ref={issuerRef}
          label={t('provider.issuer')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          value={form.issuer}
          hint={t('provider.issuerHint')}
          error={errors.issuer}
          onChange={(e) => set('issuer', e.target.value)}
        />
        <TextField
          ref={clientIdRef}
          label={t('provider.clientId')}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          required
          value={form.clientId}
          error={errors.clientId}
          onChange={(e) => set('clientId', e.target.value)}
        />
        <TextField
          ref={clientSecretRef}
          label={t('provider.clientSecret')}
          type="password"
          autoComplete="off"
          required={!connected}
          value={form.clientSecret}
          hint={connected ? t('provider.clientSecretKeep') : undefined}
          error={errors.clientSecret}
          onChange={(e) => set('clientSecret', e.target.value)}
        />
        <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}`, minWidth: 0 }}>
          <legend css={{ padding: 0, fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(2) }}>{t('provider.secondFactor')}</legend>
          <div css={{ display: 'grid', gap: theme.space(2) }}>
            {SECOND_FACTORS.map((choice) => (
              <label key={choice} css={{ display: 'flex', alignItems: 'flex-start', gap: theme.space(2), cursor: 'pointer', lineHeight: 1.5 }}>
                <input
                  type="radio"
                  name={radioName}
                  value={choice}
                  checked={form.secondFactor === choice}
                  onChange={() => set('secondFactor', choice)}
                  css={{ flex: 'none', width: 18, height: 18, margin: '3px 0 0', accentColor: theme.colors.primary, cursor: 'pointer', ...focusRing(theme) }}
                />
                <span>{choice === 'provider' ? t('provider.secondFactorProvider') : t('provider.secondFactorPortal')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Checkbox label={t('provider.required')} checked={form.required} onChange={(e) => set('required', e.target.checked)} />
        {failure && (
          <div id={failureId} role="alert" css={{ marginTop: theme.space(4) }}>
            <Notice kind="error">{failure}</Notice>
          </div>
        )}
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(4) }}>
          <Button type="submit" loading={saving} disabled={confirming !== null} aria-describedby={failure ? failureId : undefined}>
            {t('provider.save')}
          </Button>
          {connected && (
            <Button variant="danger" disabled={saving} onClick={() => setConfirming('ask')}>
              {t('provider.disconnect')}
            </Button>
          )}
        </div>
      </form>
      {confirming && (
        <Modal
          open
          kind="confirm"
          draggable
          title={t('provider.disconnectTitle')}
          description={t('provider.disconnectMessage')}
          okLabel={t('provider.disconnect')}
          okLoading={confirming === 'busy'}
          onOk={() => void disconnect()}
          onClose={() => setConfirming((c) => (c === 'busy' ? c : null))}
        />
      )}
    </Part>
  );
}
