import { type CSSObject, useTheme } from '@emotion/react';
import type { ReactNode, Ref } from 'react';
import type { ThemeTokens } from '../../themes/tokens';
import { focusTargetCss } from './focusRing';
import { atLeast, below } from './media';

/**
 * The account area's page parts (themes/design.md): one content width, one card, one way to
 * title a page and a section, read-only values and tables that stack on narrow screens.
 */

/** The content column of every account page (the shell centres it beside the menu). */
export const CONTENT_WIDTH = 880;

/** The one card: surface, hairline border, large radius, the theme's card shadow. */
export const cardCss = (theme: ThemeTokens): CSSObject => ({
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.lg,
  boxShadow: theme.shadow.card,
  padding: theme.space(6),
  boxSizing: 'border-box',
  minWidth: 0,
  [below(theme.breakpoints.mobile)]: { padding: theme.space(4) },
});

interface HeadingProps {
  /** Shown right after the title, on its line (a status badge). */
  badge?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  /** For a page that focuses its title to have it read out (after a change): script-focusable, no ring. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A page's title (h1), with an optional badge beside it, a line under it and actions at its end. */
export function PageHeading({ id, children, badge, intro, actions, headingRef }: HeadingProps & { id: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: theme.space(3), marginBottom: theme.space(5) }}>
      <div css={{ minWidth: 0, flex: '1 1 240px' }}>
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${theme.space(1)} ${theme.space(3)}` }}>
          <h1
            id={id}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            css={[{ fontSize: theme.font.sizeXl, lineHeight: 1.25, fontWeight: 600, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }, headingRef ? focusTargetCss : undefined]}
          >
            {children}
          </h1>
          {badge}
        </div>
        {intro && <p css={{ margin: `${theme.space(1)} 0 0`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{intro}</p>}
      </div>
      {actions && <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>{actions}</div>}
    </div>
  );
}

/**
 * A labelled card: a page (`level` 1, titled by `PageHeading`) or a section of one (level 2, the
 * default). `busy` marks it aria-busy while its content loads.
 */
export function PageCard({
  id,
  title,
  intro,
  level = 2,
  actions,
  badge,
  headingRef,
  busy,
  children,
}: HeadingProps & { id: string; title: ReactNode; level?: 1 | 2; busy?: boolean; children: ReactNode }) {
  const theme = useTheme();
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} aria-busy={busy || undefined} css={cardCss(theme)}>
      {level === 1 ? (
        <PageHeading id={headingId} badge={badge} intro={intro} actions={actions} headingRef={headingRef}>
          {title}
        </PageHeading>
      ) : (
        <>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: theme.space(3), marginBottom: intro ? theme.space(1) : theme.space(4) }}>
            <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(2), minWidth: 0 }}>
              <h2
                id={headingId}
                ref={headingRef}
                tabIndex={headingRef ? -1 : undefined}
                css={[{ fontSize: theme.font.sizeLg, lineHeight: 1.3, fontWeight: 600, margin: 0 }, headingRef ? focusTargetCss : undefined]}
              >
                {title}
              </h2>
              {badge}
            </div>
            {actions}
          </div>
          {intro && <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{intro}</p>}
        </>
      )}
      {children}
    </section>
  );
}

/**
 * A value that cannot be changed here, shown as text on a tinted ground rather than as an input
 * (an edit form's email, a locked setting). `label` names it; `id` lets a hint point at it.
 */
export function ReadOnlyValue({ label, value, hint, id }: { label: ReactNode; value: ReactNode; hint?: ReactNode; id?: string }) {
  const theme = useTheme();
  return (
    <div css={{ marginBottom: theme.space(4) }}>
      <div id={id ? `${id}-label` : undefined} css={{ fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(1) }}>
        {label}
      </div>
      <div
        aria-labelledby={id ? `${id}-label` : undefined}
        css={{
          padding: `${theme.space(2)} ${theme.space(3)}`,
          borderRadius: theme.radius.md,
          background: theme.colors.background,
          color: theme.colors.text,
          overflowWrap: 'anywhere',
          minHeight: 22,
        }}
      >
        {/* A value is the user's own text, in any language: isolated, it keeps its own direction. */}
        {typeof value === 'string' ? <bdi>{value}</bdi> : value}
      </div>
      {hint && <div css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted, marginTop: theme.space(1) }}>{hint}</div>}
    </div>
  );
}

/**
 * A cell's column name, shown only while the table is stacked (below 1024 px); hidden from
 * assistive technology, which has the real column header.
 */
export function CellLabel({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <span aria-hidden data-cell-label css={{ display: 'none', [below(theme.breakpoints.large)]: cellLabelShown(theme) }}>
      {children}
    </span>
  );
}

const cellLabelShown = (theme: ThemeTokens): CSSObject => ({ display: 'block', fontSize: theme.font.sizeSm, color: theme.colors.textMuted, fontWeight: 600 });

/** The stacked form: each row a small card, each cell under its label. */
const stackedCss = (theme: ThemeTokens): CSSObject => ({
  display: 'block',
  'caption, tbody': { display: 'block' },
  // The header row stays for screen readers, out of sight.
  thead: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  tr: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: `${theme.space(2)} ${theme.space(4)}`, padding: theme.space(3), marginBottom: theme.space(3), border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md },
  // A long address breaks inside its own cell rather than running over the next.
  'tbody th, tbody td': { display: 'block', padding: 0, minWidth: 0, borderBottom: 'none', overflowWrap: 'break-word' },
  // …also a cut value in its tooltip's inline-flex box (Truncate), which would not shrink below its text.
  'tbody td [dir="auto"]': { minWidth: 0 },
  // The row's title (its row header) and its actions span the whole row.
  'tbody th, td[data-actions]': { gridColumn: '1 / -1' },
  '[data-cell-label]': cellLabelShown(theme),
});

/**
 * A data table that is a table from 1024 px and a list of stacked rows below (each row a small
 * card, each cell its `CellLabel` above the value). A table marked `data-stacked` stacks at any
 * width: a page that measures its table too wide for its column sets it (account pages sit beside
 * the menu, so 1024 px of screen can leave a table 680 px). The table keeps its roles in both
 * (`role` attributes on every element, as display changes drop them in some browsers); dates and
 * actions never wrap mid-word.
 */
export const stackedTableCss = (theme: ThemeTokens): CSSObject => ({
  width: '100%',
  borderCollapse: 'collapse',
  caption: { textAlign: 'start', paddingBottom: theme.space(2), fontSize: theme.font.sizeSm, color: theme.colors.textMuted },
  'th, td': { textAlign: 'start', padding: `${theme.space(3)} ${theme.space(2)}`, verticalAlign: 'middle' },
  'tbody th': { fontWeight: 600 },
  '[data-nowrap]': { whiteSpace: 'nowrap' },
  button: { whiteSpace: 'nowrap' },
  [atLeast(theme.breakpoints.large)]: {
    'thead th': { fontWeight: 600, fontSize: theme.font.sizeSm, color: theme.colors.textMuted, borderBottom: `1px solid ${theme.colors.border}` },
    'tbody th, tbody td': { borderBottom: `1px solid ${theme.colors.border}` },
    'tbody tr:last-of-type th, tbody tr:last-of-type td': { borderBottom: 'none' },
  },
  [below(theme.breakpoints.large)]: stackedCss(theme),
  '&[data-stacked]': stackedCss(theme),
});
