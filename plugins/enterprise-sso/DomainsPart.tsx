import { useTheme } from '@emotion/react';
import {
  useId,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ERROR_CODES,
  focusForReading,
  longValueCss,
  Notice,
  TextField,
  toApiError,
  toast,
} from '@portal/plugin-api';
import { type CompanySignInApi } from './companySignInApi';
import type { ClaimedDomain, ConnectionResult } from './contract';
import { type Report, Part, Badge, CopyValue } from './companySignInParts';

const isFieldRefused = (error: unknown, field: string) => {
  const apiError = toApiError(error);
  return apiError.code === ERROR_CODES.invalidParameter && (apiError.result as { field?: unknown } | undefined)?.field === field;
};


/** The claimed domains: each with its state, the record to publish until it is proven, check and remove; and a new one. */
export function DomainsPart({ domains, api, onResult, report }: { domains: ClaimedDomain[]; api: CompanySignInApi; onResult: (result: ConnectionResult) => void; report: Report }) {
  const { t } = useTranslation(['enterprise-sso-company', 'core']);
  const theme = useTheme();
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [domain, setDomain] = useState('');
  const [domainError, setDomainError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const idBase = useId();

  const problem = (name: string, text: string | null) =>
    setProblems((p) => {
      const next = { ...p };
      if (text === null) delete next[name];
      else next[name] = text;
      return next;
    });

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = domain.trim();
    if (!name) {
      setDomainError(t('domains.domainRequired'));
      fieldRef.current?.focus();
      return;
    }
    setDomainError(null);
    setBusy('add');
    try {
      onResult(await api.addDomain(name));
      setDomain('');
      toast(t('domains.added', { domain: name }), 'success');
    } catch (error) {
      const message = report(error);
      setDomainError(isFieldRefused(error, 'domain') ? t('domains.domainInvalid') : message);
      fieldRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  async function verify(name: string) {
    setBusy(`verify:${name}`);
    problem(name, null);
    try {
      const after = await api.verifyDomain(name);
      onResult(after);
      if (after.connection?.domains.find((d) => d.domain === name)?.verified) toast(t('domains.nowVerified', { domain: name }), 'success');
    } catch (error) {
      problem(name, report(error));
    } finally {
      setBusy(null);
    }
  }

  async function remove(name: string) {
    setBusy(`remove:${name}`);
    problem(name, null);
    try {
      onResult(await api.removeDomain(name));
      toast(t('domains.removed', { domain: name }), 'success');
      // Its buttons are gone: the section's heading takes the focus.
      if (headingRef.current) focusForReading(headingRef.current);
    } catch (error) {
      problem(name, report(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Part id="sso-domains" title={t('domains.heading')} intro={t('domains.intro')} headingRef={headingRef}>
      {domains.length === 0 ? (
        <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted }}>{t('domains.empty')}</p>
      ) : (
        <ul aria-label={t('domains.list')} css={{ listStyle: 'none', padding: 0, margin: `0 0 ${theme.space(4)}`, display: 'grid', gap: theme.space(3) }}>
          {domains.map((d, index) => {
            const errorId = `${idBase}-domain-${index}-error`;
            const text = problems[d.domain];
            return (
              <li key={d.domain} css={{ border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, padding: theme.space(4), minWidth: 0 }}>
                <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(2), marginBottom: theme.space(2) }}>
                  <h3 css={{ margin: 0, fontSize: theme.font.sizeMd, fontWeight: 600, minWidth: 0, ...longValueCss }}>
                    <bdi>{d.domain}</bdi>
                  </h3>
                  <Badge tone={d.verified ? 'good' : 'waiting'}>{d.verified ? t('domains.verified') : t('domains.waiting')}</Badge>
                </div>
                {!d.verified && (
                  <>
                    <p css={{ margin: `0 0 ${theme.space(3)}`, fontSize: theme.font.sizeSm, lineHeight: 1.5 }}>{t('domains.publish')}</p>
                    <CopyValue label={t('domains.recordName')} value={d.record.name} copyLabel={t('domains.copyName', { domain: d.domain })} />
                    <CopyValue label={t('domains.recordValue')} value={d.record.value} copyLabel={t('domains.copyValue', { domain: d.domain })} />
                  </>
                )}
                {text && (
                  <div id={errorId} role="alert">
                    <Notice kind="error">{text}</Notice>
                  </div>
                )}
                <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>
                  {!d.verified && (
                    <Button
                      size="sm"
                      aria-label={t('domains.checkLabel', { domain: d.domain })}
                      aria-describedby={text ? errorId : undefined}
                      loading={busy === `verify:${d.domain}`}
                      disabled={busy !== null && busy !== `verify:${d.domain}`}
                      onClick={() => void verify(d.domain)}
                    >
                      {t('domains.check')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('domains.removeLabel', { domain: d.domain })}
                    aria-describedby={text ? errorId : undefined}
                    loading={busy === `remove:${d.domain}`}
                    disabled={busy !== null && busy !== `remove:${d.domain}`}
                    onClick={() => void remove(d.domain)}
                  >
                    {t('domains.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void add(e)} css={{ maxWidth: 420 }}>
        <TextField
          ref={fieldRef}
          label={t('domains.domain')}
          hint={t('domains.domainHint')}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={domain}
          error={domainError ?? undefined}
          onChange={(e) => {
            setDomain(e.target.value);
            setDomainError(null);
          }}
        />
        <Button type="submit" variant="secondary" loading={busy === 'add'} disabled={busy !== null && busy !== 'add'}>
          {t('domains.add')}
        </Button>
      </form>
    </Part>
  );
}
