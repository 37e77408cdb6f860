import { type CSSObject, type Theme, useTheme } from '@emotion/react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { atLeast, focusRing } from '@portal/plugin-api';

/**
 * A row's action buttons. In a table (from 1024 px, not stacked) they stay on one line: where
 * that line does not fit, the table shows RowActions instead (useTableFit), rather than rows
 * made tall by buttons stacked in a narrow cell. A stacked row wraps them.
 */
export const rowButtonsCss = (theme: Theme): CSSObject => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space(2),
  [atLeast(theme.breakpoints.large)]: { flexWrap: 'nowrap', 'table[data-stacked] &': { flexWrap: 'wrap' } },
});

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A row's actions behind one button, where the table has no room for them side by side
 * (useTableFit). A menu button named after the row ("Actions: ana@…"), its items the same
 * actions the row's buttons offer; arrows, Home/End, Enter and Escape work, focus returns to
 * the button. `forceOpen` (stories) shows the menu open, in place.
 */
export function RowActions({ rowName, actions, disabled = false, forceOpen = false }: { rowName: string; actions: RowAction[]; disabled?: boolean; forceOpen?: boolean }) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  return (
    <Menu as="div" css={{ position: 'relative', display: 'inline-block' }}>
      <MenuButton
        disabled={disabled}
        aria-label={`${t('members.actions')}: ${rowName}`}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: theme.space(1),
          height: 32,
          padding: `0 ${theme.space(3)}`,
          font: 'inherit',
          fontSize: theme.font.sizeSm,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          color: theme.colors.primary,
          background: theme.colors.surface,
          border: `1px solid ${theme.colors.border}`,
          borderRadius: theme.radius.md,
          cursor: 'pointer',
          '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
          ...focusRing(theme),
        }}
      >
        {t('members.actions')}
        <span aria-hidden>▾</span>
      </MenuButton>
      <MenuItems
        static={forceOpen || undefined}
        anchor={forceOpen ? undefined : { to: 'bottom end', gap: 4 }}
        modal={false}
        css={{
          minWidth: 160,
          margin: 0,
          padding: theme.space(1),
          listStyle: 'none',
          background: theme.colors.surface,
          border: `1px solid ${theme.colors.border}`,
          borderRadius: theme.radius.md,
          boxShadow: theme.shadow.card,
          zIndex: theme.zIndex.tooltip,
          outline: 'none',
          ...(forceOpen ? { position: 'absolute', insetInlineEnd: 0, top: 'calc(100% + 4px)' } : {}),
        }}
      >
        {actions.map((action) => (
          <MenuItem key={action.label}>
            <button
              type="button"
              onClick={action.onSelect}
              css={{
                display: 'block',
                width: '100%',
                textAlign: 'start',
                padding: `${theme.space(2)} ${theme.space(3)}`,
                font: 'inherit',
                whiteSpace: 'nowrap',
                color: action.danger ? theme.colors.danger : theme.colors.text,
                background: 'transparent',
                border: 0,
                borderRadius: theme.radius.sm,
                cursor: 'pointer',
                '&[data-focus]': { background: theme.colors.background, outline: `2px solid ${theme.colors.primary}`, outlineOffset: -2 },
              }}
            >
              {action.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
