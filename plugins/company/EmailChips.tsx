import { useTheme } from '@emotion/react';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, VisuallyHidden } from '@portal/plugin-api';

/** What separates addresses typed or pasted in one go. */
const SEPARATORS = /[\s,;]+/;

/** Adds `more` to `list`, without empties and without an address twice (letter case aside). */
export function addAddresses(list: string[], more: string[]): string[] {
  const next = [...list];
  for (const raw of more) {
    const email = raw.trim();
    if (email && !next.some((e) => e.toLowerCase() === email.toLowerCase())) next.push(email);
  }
  return next;
}

export interface EmailChipsProps {
  id: string;
  addresses: string[];
  draft: string;
  onChange: (addresses: string[], draft: string) => void;
  isValid: (email: string) => boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Addresses as chips: a comma, space, semicolon or Enter turns what was typed into a chip, a
 * paste turns every address in it into one. A malformed address stays as a chip marked not valid
 * (in colour, a sign and words), so the others can still go. Backspace in the empty field removes
 * the last chip; each chip has its own remove button named after its address; removals are
 * announced.
 */
export function EmailChips({ id, addresses, draft, onChange, isValid, invalid, describedBy }: EmailChipsProps) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const input = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const commit = (text: string) => {
    const parts = text.split(SEPARATORS);
    const rest = SEPARATORS.test(text.slice(-1)) ? '' : (parts.pop() ?? '');
    onChange(addAddresses(addresses, parts), rest);
  };
  const remove = (email: string) => {
    onChange(
      addresses.filter((e) => e !== email),
      draft,
    );
    setAnnouncement(t('invite.chipRemoved', { email }));
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft.trim()) onChange(addAddresses(addresses, [draft]), '');
    } else if (event.key === 'Backspace' && draft === '' && addresses.length > 0) {
      event.preventDefault();
      remove(addresses[addresses.length - 1]!);
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!SEPARATORS.test(text)) return;
    // An input drops a pasted list's line breaks (gluing two addresses): split it here instead.
    event.preventDefault();
    onChange(addAddresses(addresses, `${draft}${text}`.split(SEPARATORS)), '');
  };

  return (
    <div
      onClick={(e) => e.target === e.currentTarget && input.current?.focus()}
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: theme.space(2),
        minHeight: 44,
        boxSizing: 'border-box',
        padding: theme.space(2),
        border: `1px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
        borderRadius: theme.radius.md,
        background: theme.colors.surface,
        cursor: 'text',
        '&:focus-within': { borderColor: theme.colors.primary, boxShadow: `0 0 0 2px ${theme.colors.primary}` },
      }}
    >
      {addresses.length > 0 && (
        <ul aria-label={t('invite.added')} css={{ display: 'contents', listStyle: 'none', margin: 0, padding: 0 }}>
          {addresses.map((email) => {
            const ok = isValid(email);
            return (
              <li
                key={email}
                data-invalid={ok ? undefined : true}
                css={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: theme.space(1),
                  maxWidth: '100%',
                  minWidth: 0,
                  paddingBlock: 2,
                  paddingInlineStart: theme.space(2),
                  paddingInlineEnd: theme.space(1),
                  borderRadius: 999,
                  fontSize: theme.font.sizeSm,
                  background: ok ? theme.colors.background : theme.colors.surface,
                  color: ok ? theme.colors.text : theme.colors.danger,
                  border: `1px ${ok ? 'solid' : 'dashed'} ${ok ? theme.colors.border : theme.colors.danger}`,
                }}
              >
                {!ok && <span aria-hidden>⚠</span>}
                <bdi css={{ overflowWrap: 'anywhere', minWidth: 0 }}>{email}</bdi>
                {!ok && <VisuallyHidden>{` ${t('invite.chipInvalid')}`}</VisuallyHidden>}
                <button
                  type="button"
                  aria-label={t('invite.removeAddress', { email })}
                  onClick={() => remove(email)}
                  css={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    width: 24,
                    height: 24,
                    flex: 'none',
                    padding: 0,
                    border: 0,
                    borderRadius: 999,
                    background: 'transparent',
                    color: 'inherit',
                    cursor: 'pointer',
                    fontSize: 16,
                    lineHeight: 1,
                    ...focusRing(theme),
                  }}
                >
                  <span aria-hidden>×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={draft}
        onChange={(e) => commit(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => draft.trim() && onChange(addAddresses(addresses, draft.split(SEPARATORS)), '')}
        aria-required
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        css={{ flex: '1 1 160px', minWidth: 120, border: 0, outline: 'none', padding: `${theme.space(1)} 0`, font: 'inherit', background: 'transparent', color: theme.colors.text }}
      />
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </div>
  );
}
