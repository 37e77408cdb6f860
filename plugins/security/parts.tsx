import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { media, PageCard, VisuallyHidden } from '@portal/plugin-api';

/** One card of the page, labelled by its heading (the core's section card). */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PageCard id={id} title={title} intro={intro}>
      {children}
    </PageCard>
  );
}


/** A loading line with a spinner; the text is the accessible status. */
/** The core's loading line, by the name this plugin's sections use. */
export { LoadingLine as Loading } from '@portal/plugin-api';

/** A small pill ("Primary", "This device"). */
export function Badge({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <span
      css={{
        display: 'inline-block',
        padding: `0 ${theme.space(2)}`,
        borderRadius: theme.radius.sm,
        background: theme.colors.background,
        color: theme.colors.text,
        fontSize: theme.font.sizeSm,
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}

/** Buttons in a wrapping row; on a phone one under another, each the column's width (two "Turn on…" never differ). */
export function Actions({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), alignItems: 'center', [media(theme).mobile]: { flexDirection: 'column', alignItems: 'stretch' } }}>
      {children}
    </div>
  );
}

/**
 * Why a button is disabled while the page is locked, for screen readers (the buttons point at it
 * with aria-describedby). On screen the lock panel's one call to action says it for every section.
 */
export function LockedHint({ id }: { id: string }) {
  const { t } = useTranslation('security');
  return (
    <VisuallyHidden id={id}>
      {t('lock.needed')}
    </VisuallyHidden>
  );
}

/** The core's inline message, under the name this plugin's views import. */
export { Notice } from '@portal/plugin-api';
