import { useTheme, type CSSObject } from '@emotion/react';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailAddress, FieldError, longValueCss, type LocalAccountItem, type ThemeTokens } from '@portal/plugin-api';

/** What a card says about one account: system, name, email, data region, two-factor. */
function AccountSummary({ item, titleId }: { item: LocalAccountItem; titleId?: string }) {
  const theme = useTheme();
  const { t } = useTranslation(['migration', 'core']);
  const name = [item.firstName, item.lastName].filter(Boolean).join(' ');
  return (
    <div css={{ minWidth: 0, flex: 1 }}>
      <div id={titleId} css={{ fontWeight: 600, fontSize: theme.font.sizeMd }}>
        {t(`providers.${item.identityProvider}`)}
      </div>
      {name && <div css={{ marginTop: theme.space(1), overflowWrap: 'anywhere' }}>{name}</div>}
      <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, ...longValueCss }}>
        <EmailAddress value={item.email} />
      </div>
      <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm, marginTop: theme.space(1) }}>
        {item.region ? t('card.region', { region: t(`core:regions.${item.region}`) }) : t('card.noRegion')}
      </div>
      {item.mfa && <div css={{ color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>{t('card.mfa')}</div>}
    </div>
  );
}

const cardStyle = (theme: ThemeTokens, selected: boolean): CSSObject => ({
  display: 'flex',
  alignItems: 'flex-start',
  gap: theme.space(3),
  padding: theme.space(4),
  border: `${selected ? 2 : 1}px solid ${selected ? theme.colors.primary : theme.colors.border}`,
  // Keep the content in place when the border thickens.
  margin: selected ? 0 : 1,
  borderRadius: theme.radius.md,
  background: theme.colors.surface,
  color: theme.colors.text,
});

/** A card that only shows an account (the one to migrate, the vendor ID, the chosen one). */
export function AccountCard({ item, label, labelLevel = 3, children }: { item: LocalAccountItem; label?: string; labelLevel?: 2 | 3; children?: ReactNode }) {
  const theme = useTheme();
  const titleId = useId();
  // h3 under the dialog's h2 title; h2 directly under a page's h1 (headings never skip a level).
  const Label = labelLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={titleId} css={{ marginBottom: theme.space(4) }}>
      {label && <Label css={{ fontSize: theme.font.sizeSm, fontWeight: 600, color: theme.colors.textMuted, margin: `0 0 ${theme.space(2)}` }}>{label}</Label>}
      <div css={cardStyle(theme, false)}>
        <AccountSummary item={item} titleId={titleId} />
        {children}
      </div>
    </section>
  );
}

export interface AccountChoiceProps {
  legend: string;
  hint?: string;
  items: readonly LocalAccountItem[];
  /** Index of the chosen item, or null. */
  value: number | null;
  onChange: (index: number) => void;
  error?: string;
  /** Ref to the radio of the chosen card (or the first one), for moving focus back here. */
  focusRef?: Ref<HTMLInputElement>;
}

/**
 * Account cards to choose one from: native radio buttons in a fieldset (arrow keys move the
 * choice, the legend names the group), each card its radio's label, so the whole card is
 * clickable and read as one option.
 */
export function AccountChoice({ legend, hint, items, value, onChange, error, focusRef }: AccountChoiceProps) {
  const theme = useTheme();
  const name = useId();
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const focusIndex = value ?? 0;
  return (
    <fieldset
      aria-describedby={[hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined}
      css={{ border: 0, padding: 0, margin: `0 0 ${theme.space(4)}`, minWidth: 0 }}
    >
      <legend css={{ padding: 0, fontWeight: 600, fontSize: theme.font.sizeMd, marginBottom: theme.space(2) }}>{legend}</legend>
      {hint && (
        <p id={hintId} css={{ margin: `0 0 ${theme.space(3)}`, color: theme.colors.textMuted, fontSize: theme.font.sizeSm }}>
          {hint}
        </p>
      )}
      <div css={{ display: 'grid', gap: theme.space(3), gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {items.map((item, index) => {
          const id = `${name}-${index}`;
          const selected = value === index;
          return (
            <label
              key={`${item.identityProvider}-${item.uuidProvider}`}
              htmlFor={id}
              css={{
                ...cardStyle(theme, selected),
                cursor: 'pointer',
                '&:hover': { borderColor: theme.colors.primary },
                '&:has(input:focus-visible)': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
              }}
            >
              <input
                id={id}
                ref={index === focusIndex ? focusRef : undefined}
                type="radio"
                name={name}
                value={index}
                checked={selected}
                onChange={() => onChange(index)}
                aria-invalid={error ? true : undefined}
                css={{ flex: 'none', width: 18, height: 18, margin: '2px 0 0', accentColor: theme.colors.primary, outline: 'none' }}
              />
              <AccountSummary item={item} />
            </label>
          );
        })}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
