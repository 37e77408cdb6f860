import { useTheme } from '@emotion/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../i18n/i18n';
import { languageByCode, type LanguageCode, LANGUAGES } from '../i18n/languages';
import { focusRing } from './focusRing';
import { visuallyHiddenStyle } from './VisuallyHidden';

/** Spec section 9: the language menu is at most 288 px high and scrolls. */
export const LANGUAGE_MENU_MAX_HEIGHT = 288;

/**
 * Language dropdown (opens on click): a menu of radio items in their own names. Arrow keys,
 * Home/End move, Enter/Space pick, Escape or a click outside closes and focus returns. The login
 * page and the account area's header show the same menu; `compact` shows only the globe (the
 * language's name stays in the button's accessible name). `onChosen` hears each choice (the account
 * area makes it the account's language).
 */
export function LanguageMenu({ forceOpen = false, compact = false, onChosen }: { forceOpen?: boolean; compact?: boolean; onChosen?: (language: LanguageCode) => void }) {
  const theme = useTheme();
  const { t, i18n } = useTranslation('core');
  const [open, setOpen] = useState(forceOpen);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<Array<HTMLButtonElement | null>>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const active = (i18n.language as LanguageCode) || currentLanguage();
  const activeIndex = Math.max(0, LANGUAGES.findIndex((l) => l.code === active));

  useEffect(() => {
    if (!open || forceOpen) return;
    itemsRef.current[activeIndex]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, forceOpen, activeIndex]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const pick = (code: LanguageCode) => {
    close();
    if (code === active) return;
    void chooseLanguage(code);
    onChosen?.(code);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = itemsRef.current.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      itemsRef.current[(to + LANGUAGES.length) % LANGUAGES.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(LANGUAGES.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={rootRef} css={{ position: 'relative' }}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        css={{
          display: 'inline-flex', alignItems: 'center', gap: theme.space(2), padding: compact ? theme.space(2) : `${theme.space(2)} ${theme.space(3)}`, whiteSpace: 'nowrap',
          border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, background: theme.colors.surface,
          color: theme.colors.text, font: 'inherit', cursor: 'pointer', ...focusRing(theme),
        }}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.3">
          <circle cx="8" cy="8" r="6.5" />
          <path d="M1.5 8h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13" />
        </svg>
        <span css={compact ? visuallyHiddenStyle : undefined}>{languageByCode(active).nativeName}</span>
        <span css={visuallyHiddenStyle}>{t('ui.language')}</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('ui.language')}
          onKeyDown={onKeyDown}
          css={{
            position: 'absolute', insetInlineEnd: 0, top: 'calc(100% + 4px)', zIndex: theme.zIndex.tooltip - 1, minWidth: 200,
            maxHeight: LANGUAGE_MENU_MAX_HEIGHT, overflowY: 'auto', background: theme.colors.surface, border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radius.md, boxShadow: theme.shadow.modal, padding: `${theme.space(1)} 0`,
          }}
        >
          {LANGUAGES.map((language, i) => (
            <button
              key={language.code}
              ref={(el) => {
                itemsRef.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={language.code === active}
              lang={language.bcp47}
              tabIndex={i === activeIndex ? 0 : -1}
              onClick={() => pick(language.code)}
              css={{
                display: 'flex', alignItems: 'center', gap: theme.space(2), width: '100%', textAlign: 'start',
                paddingBlock: theme.space(2), paddingInline: `${theme.space(3)} ${theme.space(4)}`, border: 0,
                background: language.code === active ? theme.colors.background : 'transparent', color: theme.colors.text,
                fontWeight: language.code === active ? 600 : 400, font: 'inherit', cursor: 'pointer',
                '&:hover': { background: theme.colors.background }, ...focusRing(theme),
              }}
            >
              {/* The current language is checked (aria-checked) and shows a tick, not only a tint. */}
              <span aria-hidden="true" css={{ display: 'inline-flex', width: 16, flex: 'none', color: theme.colors.primary }}>
                {language.code === active ? <TickIcon /> : null}
              </span>
              {language.nativeName}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function TickIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
