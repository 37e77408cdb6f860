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
  TextArea,
  TextField,
  toApiError,
  toast,
} from '@portal/plugin-api';
import { type CompanySignInApi } from './companySignInApi';
import type {
  ConnectionInput,
  ConnectionKind,
  ConnectionResult,
  ConnectionView,
  MetadataProblem,
  SecondFactorChoice,
} from './contract';
import { type Report, Part, Badge, CopyValue } from './companySignInParts';
import { isIssuerAddress } from './providerAddress';

type FieldName = 'issuer' | 'clientId' | 'clientSecret' | 'metadataUrl' | 'metadataXml';
const FIELDS: readonly FieldName[] = ['issuer', 'clientId', 'clientSecret', 'metadataUrl', 'metadataXml'];
const KINDS: readonly ConnectionKind[] = ['oidc', 'saml'];
const METADATA_PROBLEMS: readonly MetadataProblem[] = ['tooLarge', 'doctype', 'notXml', 'notOneProvider', 'noRedirectBinding', 'ssoNotHttps', 'noCertificate'];
const SECOND_FACTORS: readonly SecondFactorChoice[] = ['provider', 'portal'];
export { isIssuerAddress } from './providerAddress';

interface ProviderForm {
  kind: ConnectionKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  metadataUrl: string;
  metadataXml: string;
  secondFactor: SecondFactorChoice;
  required: boolean;
}

/** The form as the saved connection has it; the secret is never sent back, so it starts empty. */
const formOf = (connection: ConnectionView | null): ProviderForm => ({
  kind: connection?.kind ?? 'oidc',
  issuer: connection?.kind === 'oidc' ? connection.issuer : '',
  clientId: connection?.kind === 'oidc' ? connection.clientId : '',
  clientSecret: '',
  metadataUrl: connection?.kind === 'saml' ? (connection.metadataUrl ?? '') : '',
  metadataXml: '',
  secondFactor: connection?.secondFactor ?? 'provider',
  required: connection?.required ?? false,
});

/** The field a -10020 names in its result, when it is one of the form's ('metadata': the one the metadata came from). */
function refusedField(error: unknown, form: ProviderForm): FieldName | null {
  const apiError = toApiError(error);
  if (apiError.code !== ERROR_CODES.invalidParameter) return null;
  const field = (apiError.result as { field?: unknown } | undefined)?.field;
  if (field === 'metadata') return form.metadataUrl.trim() ? 'metadataUrl' : 'metadataXml';
  return FIELDS.find((f) => f === field) ?? null;
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';

/** What the portal reads of a saved SAML connection: the provider's entity, sign-in address and certificates. */
function SamlSaved({ connection }: { connection: Extract<ConnectionView, { kind: 'saml' }> }) {
  const { t, i18n } = useTranslation('enterprise-sso-company');
  const theme = useTheme();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <dl css={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', gap: `${theme.space(1)} ${theme.space(3)}`, margin: `0 0 ${theme.space(4)}`, fontSize: theme.font.sizeSm }}>
      <dt css={{ fontWeight: 600 }}>{t('provider.saml.entityId')}</dt>
      <dd dir="ltr" css={{ margin: 0, overflowWrap: 'anywhere', fontFamily: MONO }}>{connection.entityId}</dd>
      <dt css={{ fontWeight: 600 }}>{t('provider.saml.ssoUrl')}</dt>
      <dd dir="ltr" css={{ margin: 0, overflowWrap: 'anywhere', fontFamily: MONO }}>{connection.ssoUrl}</dd>
      <dt css={{ fontWeight: 600 }}>{t('provider.saml.certificates', { count: connection.certificates.length })}</dt>
      <dd css={{ margin: 0 }}>
        {connection.certificates.map((c, i) => (
          <div key={i}>{c.expires ? t('provider.saml.validUntil', { date: date(c.expires) }) : t('provider.saml.unreadable')}</div>
        ))}
      </dd>
    </dl>
  );
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
  const metadataUrlRef = useRef<HTMLInputElement>(null);
  const metadataXmlRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const refs: Record<FieldName, RefObject<HTMLInputElement | HTMLTextAreaElement | null>> = { issuer: issuerRef, clientId: clientIdRef, clientSecret: clientSecretRef, metadataUrl: metadataUrlRef, metadataXml: metadataXmlRef };
  const radioName = `second-factor-${useId()}`;
  const kindName = `${radioName}-kind`;
  // The saved secret is kept only for the same protocol: another one needs its own settings.
  const savedKind = connection?.kind ?? null;
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
    if (form.kind === 'saml') {
      const url = form.metadataUrl.trim();
      if (url && !isIssuerAddress(url)) found.metadataUrl = t('provider.errors.metadataUrl');
      else if (!url && !form.metadataXml.trim()) found.metadataUrl = t('provider.errors.metadataMissing');
      return found;
    }
    if (!isIssuerAddress(form.issuer.trim())) found.issuer = t('provider.errors.issuer');
    if (!form.clientId.trim()) found.clientId = t('provider.errors.clientId');
    if (savedKind !== 'oidc' && !form.clientSecret) found.clientSecret = t('provider.errors.clientSecret');
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
    const input: ConnectionInput =
      form.kind === 'saml'
        ? {
            kind: 'saml',
            // A URL is read again at each save; pasted XML only when there is no URL.
            ...(form.metadataUrl.trim() ? { metadataUrl: form.metadataUrl.trim() } : { metadataXml: form.metadataXml }),
            secondFactor: form.secondFactor,
            required: form.required,
          }
        : {
            kind: 'oidc',
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
      const message = report(error);
      const field = refusedField(error, form);
      if (field) {
        // Said at the field, which takes the focus (and so is read): no generic "Invalid parameter" below.
        setFailure(null);
        setErrors({ [field]: field === 'metadataUrl' || field === 'metadataXml' ? metadataError(error) : t(`provider.errors.${field}`) });
        refs[field].current?.focus();
      } else setFailure(message);
    } finally {
      setSaving(false);
    }
  }

  /** What is wrong with refused metadata, in the reader's language. */
  function metadataError(error: unknown): string {
    const reason = (toApiError(error).result as { reason?: unknown } | undefined)?.reason;
    const problem = METADATA_PROBLEMS.find((p) => p === reason);
    return problem ? t(`provider.saml.problems.${problem}`) : t('provider.errors.metadataUrl');
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
      <fieldset css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}`, minWidth: 0 }}>
        <legend css={{ padding: 0, fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(2) }}>{t('provider.protocol')}</legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: `${theme.space(2)} ${theme.space(5)}` }}>
          {KINDS.map((kind) => (
            <label key={kind} css={{ display: 'flex', alignItems: 'center', gap: theme.space(2), cursor: 'pointer' }}>
              <input
                type="radio"
                name={kindName}
                value={kind}
                checked={form.kind === kind}
                onChange={() => {
                  set('kind', kind);
                  setErrors({});
                }}
                css={{ flex: 'none', width: 18, height: 18, margin: 0, accentColor: theme.colors.primary, cursor: 'pointer', ...focusRing(theme) }}
              />
              <span>{kind === 'oidc' ? t('provider.oidc') : t('provider.saml.name')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {form.kind === 'oidc' ? (
        <CopyValue label={t('provider.redirectUri')} value={result.redirectUri} copyLabel={t('provider.copyRedirectUri')} hint={t('provider.redirectUriHint')} />
      ) : (
        <>
          <p css={{ margin: `0 0 ${theme.space(3)}`, lineHeight: 1.5 }}>{t('provider.saml.register')}</p>
          <CopyValue label={t('provider.saml.spEntityId')} value={result.serviceProvider.entityId} copyLabel={t('provider.saml.copySpEntityId')} />
          <CopyValue label={t('provider.saml.acsUrl')} value={result.serviceProvider.acsUrl} copyLabel={t('provider.saml.copyAcsUrl')} />
          <p css={{ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.sizeSm }}>
            <a href={result.serviceProvider.metadataUrl} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary }}>
              {t('provider.saml.spMetadata')}
            </a>
          </p>
          {connection?.kind === 'saml' && <SamlSaved connection={connection} />}
        </>
      )}
      <form noValidate onSubmit={(e) => void save(e)} css={{ marginTop: theme.space(4), maxWidth: 560 }}>
        {form.kind === 'oidc' ? (
          <>
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
              required={savedKind !== 'oidc'}
              value={form.clientSecret}
              hint={savedKind === 'oidc' ? t('provider.clientSecretKeep') : undefined}
              error={errors.clientSecret}
              onChange={(e) => set('clientSecret', e.target.value)}
            />
          </>
        ) : (
          <>
            <TextField
              ref={metadataUrlRef}
              label={t('provider.saml.metadataUrl')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={form.metadataUrl}
              hint={t('provider.saml.metadataUrlHint')}
              error={errors.metadataUrl}
              onChange={(e) => set('metadataUrl', e.target.value)}
            />
            <TextArea
              ref={metadataXmlRef}
              label={t('provider.saml.metadataXml')}
              dir="ltr"
              rows={4}
              spellCheck={false}
              value={form.metadataXml}
              hint={t('provider.saml.metadataXmlHint')}
              error={errors.metadataXml}
              onChange={(e) => set('metadataXml', e.target.value)}
            />
          </>
        )}
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
