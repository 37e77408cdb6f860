import { useTheme } from '@emotion/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type ClipboardEvent, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { westernDigits } from '../i18n/numbers';
import { FieldError, describedBy, hasContent } from './FieldMessages';
import { visuallyHiddenStyle } from './VisuallyHidden';

/** Props of CodeInput: the number of boxes, the value and what happens as it is typed. */
export interface CodeInputProps {
  /** Number of boxes (spec: verification codes have 6 digits). */
  length?: number;
  /**
   * Controlled value. The component keeps its own per-box state (so a cleared
   * middle box stays empty); a new `value` from the parent, e.g. '' after a
   * wrong code, replaces it.
   */
  value?: string;
  defaultValue?: string;
  /** Called with the digits typed so far on every change. */
  onChange?: (code: string) => void;
  /** Called on Enter once every box holds a digit. */
  onSubmit?: (code: string) => void;
  error?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Group label; defaults to ui.codeInput.label. */
  label?: string;
  hideLabel?: boolean;
  /** When set, a hidden input carries the code for native form posts. */
  name?: string;
  id?: string;
}

/** Western digits only; an Arabic keyboard's ٣ counts as 3 (the code is compared in Western digits). */
const onlyDigits = (text: string) => westernDigits(text).replace(/\D/g, '');
const toBoxes = (code: string, length: number) => Array.from({ length }, (_, i) => onlyDigits(code)[i] ?? '');

/** Six (or `length`) one-digit boxes for verification codes. */
export function CodeInput({
  length = 6,
  value,
  defaultValue = '',
  onChange,
  onSubmit,
  error,
  disabled = false,
  autoFocus = false,
  label,
  hideLabel = false,
  name,
  id,
}: CodeInputProps) {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const autoId = useId();
  const baseId = id ?? `code-${autoId}`;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const hasError = hasContent(error);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const [digits, setDigits] = useState(() => toBoxes(value ?? defaultValue, length));

  // Adopt a new value from the parent during render (React's "adjust state on prop change" pattern).
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== undefined && value !== digits.join('')) setDigits(toBoxes(value, length));
  }

  // Only on mount: re-focusing on later renders would steal focus from the user.
  const focusFirstBox = useEffectEvent(() => {
    if (autoFocus) boxes.current[0]?.focus();
  });
  useEffect(() => focusFirstBox(), []);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) => {
    setDigits(next);
    onChange?.(next.join(''));
  };

  const setAt = (index: number, digit: string) => commit(digits.map((d, i) => (i === index ? digit : d)));

  /** Writes `code` into the boxes from `start`, then focuses the box after the last digit written. */
  const fillFrom = (start: number, code: string) => {
    const next = [...digits];
    const written = code.slice(0, length - start);
    [...written].forEach((d, k) => (next[start + k] = d));
    commit(next);
    focusBox(start + written.length);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    const digit = westernDigits(key);
    if (/^\d$/.test(digit) && !modified) {
      event.preventDefault();
      setAt(index, digit);
      if (index < length - 1) focusBox(index + 1);
    } else if (key.length === 1 && !modified) {
      event.preventDefault(); // letters, spaces, symbols: ignored
    } else if (key === 'Backspace') {
      event.preventDefault();
      // A filled box is cleared; from an empty box the previous one is cleared. Either way focus moves back.
      const target = digits[index] ? index : index - 1;
      if (target >= 0) setAt(target, '');
      focusBox(index - 1);
    } else if (key === 'Delete') {
      event.preventDefault();
      setAt(index, '');
    } else if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End') {
      event.preventDefault();
      const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: length - 1 }[key];
      focusBox(to);
    } else if (key === 'Enter' && onSubmit) {
      event.preventDefault();
      const code = digits.join('');
      if (code.length === length) onSubmit(code);
    }
  };

  /** Fallback for input that bypasses keydown: Android keyboards (key "Unidentified") and OTP autofill. */
  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const typed = onlyDigits(raw);
    const current = digits[index] ?? '';
    if (raw === '') setAt(index, '');
    else if (typed.length === 1) setAt(index, typed);
    else if (typed.length === 2 && current) setAt(index, typed[0] === current ? typed.slice(1) : typed.slice(0, 1));
    else if (typed.length > 1) fillFrom(index, typed);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (!pasted) return;
    // A pasted code replaces the whole code, starting at the first box wherever the caret was.
    const next = toBoxes(pasted, length);
    commit(next);
    focusBox(pasted.length);
  };

  return (
    <div css={{ marginBottom: theme.space(4) }}>
      <div
        id={labelId}
        css={[{ fontSize: theme.font.sizeSm, fontWeight: 600, color: theme.colors.text, marginBottom: theme.space(2) }, hideLabel && visuallyHiddenStyle]}
      >
        {label ?? t('ui.codeInput.label')}
      </div>
      {/* Codes read left to right in every language, so the boxes and arrow keys stay LTR in RTL pages too. */}
      <div role="group" aria-labelledby={labelId} dir="ltr" css={{ display: 'flex', gap: theme.space(2) }}>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            id={index === 0 ? baseId : undefined}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('ui.codeInput.digit', { index: index + 1, count: length })}
            aria-invalid={hasError || undefined}
            aria-describedby={describedBy(hasError && errorId)}
            value={digit}
            disabled={disabled}
            onKeyDown={(e) => handleKeyDown(index, e)}
            onChange={(e) => handleChange(index, e)}
            onPaste={handlePaste}
            onFocus={(e) => e.target.select()}
            css={{
              flex: '1 1 0',
              minWidth: 0,
              maxWidth: 48,
              height: 52,
              textAlign: 'center',
              font: 'inherit',
              fontSize: theme.font.sizeXl,
              color: theme.colors.text,
              background: theme.colors.surface,
              border: `1px solid ${hasError ? theme.colors.danger : theme.colors.border}`,
              borderRadius: theme.radius.md,
              caretColor: 'transparent',
              outline: 'none',
              '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 0, borderColor: theme.colors.focus },
              '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
            }}
          />
        ))}
      </div>
      {name && <input type="hidden" name={name} value={digits.join('')} />}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
