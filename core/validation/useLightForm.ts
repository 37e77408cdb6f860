import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ValidationMessage } from './checks';

type Values = Record<string, string>;

/** A field's rule: the message key of what is wrong with `value`, or null. `values` is the whole form. */
export type FieldCheck<V extends Values> = (value: string, values: V) => ValidationMessage | null;

/** The checks of a form by field name; fields without one are not validated. */
export type FieldChecks<V extends Values> = { readonly [K in keyof V]?: FieldCheck<V> };

export interface LightField {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  ref: (el: HTMLInputElement | null) => void;
}

/**
 * A few-field form with plain checks on blur and on submit, for views on the critical path
 * (the sign-in form) where react-hook-form and yup would break the login budget. Larger forms
 * use react-hook-form with the yup rules of rules.ts; both rest on the checks of checks.ts.
 *
 * When validation speaks (themes/design.md): a field is checked when it loses focus only once the
 * person typed in it (or after a submit), never because a click elsewhere took the focus from an
 * untouched field: that message would move the page under the pointer and the click would land
 * nowhere (issue 27). A message shown is checked again at each keystroke, so it goes as soon as
 * the value is right.
 */
export function useLightForm<V extends Values>(checks: FieldChecks<V>, defaults: V) {
  const [values, setValues] = useState<V>(defaults);
  const [errors, setErrors] = useState<Partial<Record<keyof V, ValidationMessage>>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const inputs = useRef(new Map<keyof V, HTMLInputElement>());
  // Fields the person typed in, and whether a submit was tried: only those are checked on blur.
  const edited = useRef(new Set<keyof V>());
  const submitted = useRef(false);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  const errorOf = useCallback(
    (name: keyof V): ValidationMessage | undefined => checks[name]?.(valuesRef.current[name] ?? '', valuesRef.current) ?? undefined,
    [checks],
  );

  const validateField = useCallback((name: keyof V) => setErrors((e) => ({ ...e, [name]: errorOf(name) })), [errorOf]);

  const field = (name: keyof V & string): LightField => ({
    name,
    value: values[name] ?? '',
    onChange: (e) => {
      const next = { ...valuesRef.current, [name]: e.target.value };
      valuesRef.current = next;
      edited.current.add(name);
      setValues(next);
      if (errorsRef.current[name]) validateField(name);
    },
    onBlur: () => {
      if (submitted.current || edited.current.has(name)) validateField(name);
    },
    ref: (el) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
  });

  const setValue = useCallback((name: keyof V, value: string) => {
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValues(next);
  }, []);

  const focus = useCallback((name: keyof V) => inputs.current.get(name)?.focus(), []);

  /** Validate everything; on success call `onValid`, else show every error and focus the first. */
  const handleSubmit = (onValid: (values: V) => void | Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const found: Partial<Record<keyof V, ValidationMessage>> = {};
    for (const name of Object.keys(checks) as Array<keyof V>) {
      const message = errorOf(name);
      if (message) found[name] = message;
    }
    setErrors(found);
    const first = Object.keys(found)[0] as keyof V | undefined;
    if (first) focus(first);
    else await onValid(valuesRef.current);
  };

  return { values, errors, field, setValue, focus, handleSubmit };
}
