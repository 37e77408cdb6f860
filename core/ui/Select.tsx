import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useTheme, type CSSObject } from '@emotion/react';
import { useId, useMemo, useRef, useState, type MouseEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeTokens } from '../../themes/tokens';
import { LabelText, hasContent, useHeldMessage } from './FieldMessages';
import { focusRing } from './focusRing';
import { filterOptions, foldText, groupOptions, type SelectOption } from './selectFilter';
import { visuallyHiddenStyle } from './VisuallyHidden';

export type { SelectOption } from './selectFilter';

/** In multiple mode at most this many tags are shown, then "+N more" (spec section 9). */
export const MAX_TAGS = 20;

type Value = string | number;

interface BaseProps<V extends Value> {
  label: ReactNode;
  options: readonly SelectOption<V>[];
  error?: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  hideLabel?: boolean;
  /** Adds hidden inputs carrying the value(s) for native form posts. */
  name?: string;
  onBlur?: () => void;
  /** Ref to the search input (react-hook-form's Controller focuses it on errors). */
  inputRef?: Ref<HTMLInputElement>;
  /** Render the list open without interaction (stories, visual tests). */
  forceOpen?: boolean;
}

export interface SingleSelectProps<V extends Value> extends BaseProps<V> {
  multiple?: false;
  value: V | null;
  onChange: (value: V | null) => void;
  /**
   * Text typed that matches no option when the field is left: a list that also takes values of the
   * user's own (a job title) keeps it this way instead of dropping it. Without it the text is dropped
   * and the choice stays, as in a select.
   */
  onUnmatchedText?: (text: string) => void;
}

export interface MultipleSelectProps<V extends Value> extends BaseProps<V> {
  multiple: true;
  value: readonly V[];
  onChange: (value: V[]) => void;
}

export type SelectProps<V extends Value> = SingleSelectProps<V> | MultipleSelectProps<V>;

/**
 * Opens a closed list from a click on its input, as a native select does. headlessui opens a
 * combobox on ArrowDown, on typing or from its button, but has no action for a click on the input
 * (its `immediate` opens on every focus, Tab included), so the click goes the ArrowDown way:
 * open, and move to the chosen option (or the first).
 */
function openOnClick(event: MouseEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  if (input.getAttribute('aria-expanded') === 'true' || input.disabled || input.readOnly) return;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
}

/**
 * Searchable list (headlessui Combobox): a click or ArrowDown opens it, typing filters (best match
 * first), arrows move, Enter picks, Escape closes. Heavy enough that the app loads it on demand.
 * The input's id comes from headlessui's Field, which links the label, hint and error to it.
 */
// Overloads let TypeScript infer V from `options` in each mode (a generic over the union cannot).
export function Select<V extends Value>(props: MultipleSelectProps<V>): ReactElement;
export function Select<V extends Value>(props: SingleSelectProps<V>): ReactElement;
export function Select<V extends Value>(props: SelectProps<V>): ReactElement {
  const { label, options, error, hint, placeholder, disabled = false, required, hideLabel = false, name, onBlur, inputRef, forceOpen = false } = props;
  const theme = useTheme();
  const { t } = useTranslation('core');
  const autoId = useId();
  const baseId = `sel-${autoId}`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const hasError = hasContent(error);
  const heldError = useHeldMessage(error);
  const [query, setQuery] = useState('');
  /** What was typed since the last choice, for onUnmatchedText. */
  const typed = useRef('');

  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const groups = useMemo(() => groupOptions(filterOptions(options, query)), [options, query]);
  // New options for a new query: headlessui would keep the option active before the query active,
  // wherever the ranking moved it; fresh ones make the best match (the first) the active one.
  const optionKey = `\u0000${foldText(query)}`;
  const noResults = groups.length === 0 && (forceOpen || query.trim() !== '');
  const labelOf = (value: V | null) => (value === null ? '' : (byValue.get(value)?.label ?? String(value)));

  const selected: readonly V[] = props.multiple ? props.value : props.value === null ? [] : [props.value];
  // headlessui types value/onChange per `multiple` with a conditional type that a generic V
  // cannot satisfy; the runtime shapes are exactly these, so the casts below are sound.
  const comboboxValue = (props.multiple ? [...props.value] : props.value) as unknown as V | null;
  const handleChange = (next: unknown) => {
    typed.current = '';
    const list = (Array.isArray(next) ? next : next === null || next === undefined ? [] : [next]) as V[];
    if (props.multiple) props.onChange(list);
    else props.onChange(list[0] ?? null);
  };
  const remove = (value: V) => {
    if (props.multiple) props.onChange(props.value.filter((v) => v !== value));
  };

  return (
    // headlessui's Field wires Label -> aria-labelledby and Description -> aria-describedby on the
    // input itself (it overrides a hand-written aria-describedby), so hint and error go through it.
    <Field disabled={disabled} css={{ marginBottom: theme.space(4) }}>
      <Label css={[{ display: 'block', fontSize: theme.font.sizeSm, fontWeight: 600, color: theme.colors.text, marginBottom: theme.space(1) }, hideLabel && visuallyHiddenStyle]}>
        <LabelText required={required}>{label}</LabelText>
      </Label>
      {props.multiple && selected.length > 0 && (
        <ul aria-label={t('ui.select.selected')} css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(1), listStyle: 'none', margin: `0 0 ${theme.space(2)}`, padding: 0 }}>
          {selected.slice(0, MAX_TAGS).map((value) => (
            <li key={value} css={tagStyle(theme)}>
              <span>{labelOf(value)}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={t('ui.select.remove', { label: labelOf(value) })}
                onClick={() => remove(value)}
                css={{ display: 'inline-flex', padding: 2, border: 0, borderRadius: theme.radius.sm, background: 'transparent', color: 'inherit', cursor: 'pointer', ...focusRing(theme) }}
              >
                <CrossIcon />
              </button>
            </li>
          ))}
          {selected.length > MAX_TAGS && (
            <li css={{ ...tagStyle(theme), background: 'transparent' }}>{t('ui.select.more', { count: selected.length - MAX_TAGS })}</li>
          )}
        </ul>
      )}
      <Combobox<V | null, boolean>
        value={comboboxValue}
        onChange={handleChange}
        multiple={props.multiple ?? false}
        disabled={disabled}
        invalid={hasError}
        name={name}
        onClose={() => setQuery('')}
      >
        <div css={{ position: 'relative' }}>
          <ComboboxInput<V | null>
            ref={inputRef}
            autoComplete="off"
            aria-required={required || undefined}
            aria-invalid={hasError || undefined}
            placeholder={placeholder ?? (props.multiple ? t('ui.select.search') : t('ui.select.placeholder'))}
            // Single mode shows the chosen label when not searching; multiple mode shows only the query (tags show the choice).
            displayValue={props.multiple ? () => query : (value) => labelOf(value)}
            onChange={(event) => {
              setQuery(event.target.value);
              typed.current = event.target.value;
            }}
            onClick={openOnClick}
            onKeyDown={(event) => {
              if (event.key === 'Escape') typed.current = ''; // Escape gives the text up
            }}
            onBlur={() => {
              // The list may have closed (and the query emptied) before the blur: the text typed is kept aside.
              const text = typed.current.trim();
              typed.current = '';
              if (!props.multiple && props.onUnmatchedText && text && filterOptions(options, text).length === 0) props.onUnmatchedText(text);
              onBlur?.();
            }}
            css={inputStyle(theme, hasError)}
          />
          <ComboboxButton aria-label={t('ui.select.toggle')} css={toggleStyle(theme)}>
            <ChevronIcon />
          </ComboboxButton>
          {groups.length > 0 ? (
            <ComboboxOptions static={forceOpen || undefined} modal={false} css={panelStyle(theme)}>
              {groups.map((g, gi) =>
                g.group === undefined ? (
                  g.options.map((o) => <Item key={`${o.value}${optionKey}`} option={o} />)
                ) : (
                  <div key={g.group} role="group" aria-labelledby={`${baseId}-g${gi}`}>
                    <div id={`${baseId}-g${gi}`} role="presentation" css={groupHeadingStyle(theme)}>
                      {g.group}
                    </div>
                    {g.options.map((o) => (
                      <Item key={`${o.value}${optionKey}`} option={o} />
                    ))}
                  </div>
                ),
              )}
            </ComboboxOptions>
          ) : (
            noResults && (
              // Outside the listbox (a listbox may hold only options); the live region below says it.
              <div aria-hidden="true" css={{ ...panelStyle(theme), padding: theme.space(3), color: theme.colors.textMuted }}>
                {t('ui.select.noResults')}
              </div>
            )
          )}
          {/* Always present, so a screen reader hears the change when the filter leaves nothing. */}
          <div role="status" css={visuallyHiddenStyle}>
            {noResults ? t('ui.select.noResults') : ''}
          </div>
        </div>
      </Combobox>
      {hasContent(hint) && (
        <Description id={hintId} css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
          {hint}
        </Description>
      )}
      {hasError && (
        <Description id={errorId} role="alert" css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.danger }}>
          {error}
        </Description>
      )}
      {/* An error that went away during a press keeps its room until the click lands (FieldMessages.tsx). */}
      {hasContent(heldError) && (
        <p aria-hidden="true" data-held-message="" css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, visibility: 'hidden' }}>
          {heldError}
        </p>
      )}
    </Field>
  );
}

function Item<V extends Value>({ option }: { option: SelectOption<V> }) {
  const theme = useTheme();
  return (
    <ComboboxOption value={option.value} disabled={option.disabled} css={optionStyle(theme)}>
      {({ selected }) => (
        <>
          <span aria-hidden="true" css={{ width: 16, flex: 'none', color: theme.colors.primary }}>
            {selected ? <CheckIcon /> : null}
          </span>
          <span css={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <span>{option.label}</span>
            {option.hint && <span css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{option.hint}</span>}
          </span>
        </>
      )}
    </ComboboxOption>
  );
}

const inputStyle = (theme: ThemeTokens, invalid: boolean): CSSObject => ({
  width: '100%',
  minHeight: 40,
  boxSizing: 'border-box',
  padding: `0 ${theme.space(3)}`,
  paddingInlineEnd: 40,
  font: 'inherit',
  fontSize: theme.font.sizeMd,
  color: theme.colors.text,
  background: theme.colors.surface,
  border: `1px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  borderRadius: theme.radius.md,
  outline: 'none',
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 0 },
  '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
});

const toggleStyle = (theme: ThemeTokens): CSSObject => ({
  position: 'absolute',
  insetInlineEnd: 2,
  top: 2,
  bottom: 2,
  width: 36,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  border: 0,
  background: 'transparent',
  color: theme.colors.textMuted,
  cursor: 'pointer',
  ...focusRing(theme),
});

const panelStyle = (theme: ThemeTokens): CSSObject => ({
  position: 'absolute',
  insetInline: 0,
  top: `calc(100% + ${theme.space(1)})`,
  zIndex: theme.zIndex.modal + 1,
  maxHeight: 288,
  overflowY: 'auto',
  margin: 0,
  padding: `${theme.space(1)} 0`,
  background: theme.colors.surface,
  color: theme.colors.text,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.md,
  boxShadow: theme.shadow.modal,
  outline: 'none',
});

const groupHeadingStyle = (theme: ThemeTokens): CSSObject => ({
  padding: `${theme.space(2)} ${theme.space(3)} ${theme.space(1)}`,
  fontSize: theme.font.sizeSm,
  fontWeight: 600,
  color: theme.colors.textMuted,
});

const optionStyle = (theme: ThemeTokens): CSSObject => ({
  display: 'flex',
  alignItems: 'flex-start',
  gap: theme.space(2),
  padding: `${theme.space(2)} ${theme.space(3)}`,
  cursor: 'pointer',
  '&[data-focus]': { background: theme.colors.background, outline: `2px solid ${theme.colors.focus}`, outlineOffset: -2 },
  '&[data-selected]': { fontWeight: 600 },
  '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
});

const tagStyle = (theme: ThemeTokens): CSSObject => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.space(1),
  padding: `2px ${theme.space(1)} 2px ${theme.space(2)}`,
  fontSize: theme.font.sizeSm,
  color: theme.colors.text,
  background: theme.colors.background,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.sm,
});

function CrossIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export default Select;
