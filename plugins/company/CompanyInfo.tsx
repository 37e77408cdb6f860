import { useTheme } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  Button,
  type MyCompany,
  toast,
  useErrorHandler,
  useHttp,
  userAtom,
  VisuallyHidden,
  PageCard,
} from '@portal/plugin-api';
import { companyApi } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { LicenseFileLink } from './LicenseFileLink';
import { useCountryName, useDateFormat } from './format';
import { Actions } from './parts';
import { isManager } from './permissions';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <div css={{ display: 'grid', gap: theme.space(1), padding: `${theme.space(3)} 0`, borderBottom: `1px solid ${theme.colors.border}` }}>
      <dt css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{label}</dt>
      {/* Values are what the company typed, in any language: isolated, each keeps its own direction. */}
      <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>{typeof children === 'string' ? <bdi>{children}</bdi> : children}</dd>
    </div>
  );
}

export function CertifiedBadge({ certified }: { certified: boolean }) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const color = certified ? theme.colors.success : theme.colors.textMuted;
  return (
    <span css={{ display: 'inline-block', padding: '2px 10px', borderRadius: 999, border: `1px solid ${color}`, color, fontSize: theme.font.sizeSm, fontWeight: 600, whiteSpace: 'nowrap' }}>
      {certified ? `✓ ${t('info.certified')}` : t('info.notCertified')}
    </span>
  );
}

/** Company info (spec section 3, every field); certified companies are read-only, so no edit button. */
export function CompanyInfo({ company, onChanged }: { company: MyCompany; onChanged: () => Promise<void> }) {
  const { t } = useTranslation(['company', 'core']);
  const theme = useTheme();
  const http = useHttp();
  const user = useAtomValue(userAtom);
  const handleError = useErrorHandler();
  const [, navigate] = useLocation();
  const countryName = useCountryName();
  const date = useDateFormat();
  const [leaving, setLeaving] = useState<'ask' | 'busy' | null>(null);
  const empty = t('info.empty');
  const value = (v: string | null) => v || <span css={{ color: theme.colors.textMuted }}>{empty}</span>;

  async function leave() {
    if (!user) return;
    setLeaving('busy');
    try {
      await companyApi(http).remove(company.id, { email: user.email, region: company.region });
      toast(t('info.left'), 'success');
      setLeaving(null);
      await onChanged();
    } catch (err) {
      setLeaving(null);
      handleError(err);
    }
  }

  return (
    <PageCard level={1} id="company" title={company.name} badge={<CertifiedBadge certified={company.certified} />} intro={company.certified ? t('info.certifiedHint') : undefined}>
      <dl css={{ margin: 0, display: 'grid', columnGap: theme.space(6), gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        <Row label={t('fields.type')}>{t(`types.${company.type}`)}</Row>
        <Row label={t('fields.country')}>{countryName(company.country)}</Row>
        <Row label={t('fields.orgCode')}>{company.orgCode}</Row>
        <Row label={t('fields.region')}>{t(`core:regions.${company.region}`)}</Row>
        <Row label={t('fields.address')}>{value(company.address)}</Row>
        <Row label={t('fields.state')}>{value(company.state)}</Row>
        <Row label={t('fields.city')}>{value(company.city)}</Row>
        <Row label={t('fields.postCode')}>{value(company.postCode)}</Row>
        <Row label={t('fields.contact')}>{value(company.contact)}</Row>
        <Row label={t('fields.contactEmail')}>{value(company.contactEmail)}</Row>
        <Row label={t('fields.contactNumber')}>{value(company.contactNumber)}</Row>
        <Row label={t('fields.website')}>
          {company.website ? (
            <a href={company.website} target="_blank" rel="noopener noreferrer" css={{ color: theme.colors.primary }}>
              {company.website}
            </a>
          ) : (
            value(null)
          )}
        </Row>
        <Row label={t('fields.owner')}>{[company.ownerName, company.ownerAccount].filter(Boolean).join(' · ')}</Row>
        <Row label={t('fields.license')}>
          {company.businessLicense ? (
            <LicenseFileLink url={company.businessLicense.url} fileName={company.businessLicense.fileName}>
              {company.businessLicense.fileName}
            </LicenseFileLink>
          ) : (
            value(t('info.noLicense'))
          )}
        </Row>
        <Row label={t('info.yourRole')}>{t(`roles.${company.role}`)}</Row>
        <Row label={t('info.joined')}>{date(company.joinedAt)}</Row>
      </dl>
      {company.comment && (
        <dl css={{ margin: 0 }}>
          <Row label={t('fields.comment')}>{company.comment}</Row>
        </dl>
      )}
      <Actions>
        {isManager(company.role) && !company.certified && <Button onClick={() => navigate('/edit')}>{t('info.edit')}</Button>}
        {company.role !== 'owner' && (
          <Button variant="danger" onClick={() => setLeaving('ask')}>
            {t('info.leave')}
          </Button>
        )}
      </Actions>
      {company.role === 'owner' && (
        <p css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>
          <VisuallyHidden>{t('info.leave')}: </VisuallyHidden>
          {t('info.ownerCannotLeave')}
        </p>
      )}
      {leaving && (
        <ConfirmDialog
          title={t('info.leaveTitle')}
          message={t('info.leaveConfirm', { org: company.name })}
          okLabel={t('info.leave')}
          busy={leaving === 'busy'}
          onConfirm={() => void leave()}
          onCancel={() => setLeaving(null)}
        />
      )}
    </PageCard>
  );
}
