import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ReactNode } from 'react';
import { focusRing, namespaceOf, type CompanySection, type MemberRole, type TranslationKey } from '@portal/plugin-api';
import { isManager } from './permissions';

/** Tabs-like links between the company screens; applications only for owners and admins; then other plugins' screens. */
export function CompanyNav({ role, sections = [] }: { role: MemberRole; sections?: readonly CompanySection[] }) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const [location] = useLocation();
  const items: Array<{ path: string; label: ReactNode }> = [
    { path: '/', label: t('nav.info') },
    { path: '/members', label: t('nav.members') },
    ...(isManager(role) ? [{ path: '/applications', label: t('nav.applications') }] : []),
    ...sections.map((s) => ({ path: s.path, label: <SectionLabel labelKey={s.labelKey} /> })),
  ];
  return (
    <nav aria-label={t('nav.label')} css={{ marginBottom: theme.space(4) }}>
      <ul css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2), listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => {
          const current = location === item.path;
          return (
            <li key={item.path}>
              <Link
                href={item.path}
                aria-current={current ? 'page' : undefined}
                css={{
                  display: 'inline-block',
                  padding: `${theme.space(2)} ${theme.space(3)}`,
                  borderRadius: theme.radius.md,
                  textDecoration: 'none',
                  color: current ? theme.colors.primaryText : theme.colors.text,
                  background: current ? theme.colors.primary : theme.colors.surface,
                  border: `1px solid ${current ? theme.colors.primary : theme.colors.border}`,
                  ...focusRing(theme),
                }}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Another plugin's tab, in its own namespace (loaded with its plugin). */
function SectionLabel({ labelKey }: { labelKey: TranslationKey }) {
  const { t } = useTranslation([namespaceOf(labelKey)]);
  return <>{t(labelKey)}</>;
}
