import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MyCompaniesResult } from '../../core/contract/company';
import { Button } from '../../core/ui/Button';
import { useDateFormat } from './format';
import { Card, Heading, Notice } from './parts';

/** No company yet: the choice between creating one and joining one, plus pending applications. */
export function NoCompany({ applications }: { applications: MyCompaniesResult['applications'] }) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const [, navigate] = useLocation();
  const date = useDateFormat();
  const choice = (id: string, title: string, hint: string, action: () => void, primary: boolean) => (
    <div css={{ flex: '1 1 240px', border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, padding: theme.space(4), display: 'flex', flexDirection: 'column', gap: theme.space(3) }}>
      <p id={id} css={{ margin: 0, color: theme.colors.textMuted }}>
        {hint}
      </p>
      <Button variant={primary ? 'primary' : 'secondary'} onClick={action} aria-describedby={id} css={{ marginTop: 'auto' }}>
        {title}
      </Button>
    </div>
  );
  return (
    <Card labelledBy="no-company-heading">
      <Heading id="no-company-heading">{t('none.heading')}</Heading>
      <p>{t('none.intro')}</p>
      {applications.map((a) => (
        <Notice key={a.id} kind="info">
          {t('none.pending', { org: a.orgName, date: date(a.appliedAt) })}
        </Notice>
      ))}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(4) }}>
        {choice('company-create-hint', t('none.create'), t('none.createHint'), () => navigate('/create'), true)}
        {choice('company-join-hint', t('none.join'), t('none.joinHint'), () => navigate('/join'), false)}
      </div>
    </Card>
  );
}
