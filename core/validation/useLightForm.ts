import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ValidationError, type ObjectSchema } from 'yup';

type Values = Record<string, string>;

export interface LightField {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  ref: (el: HTMLInputElement | null) => void;
}

/**
 * A few-field form with yup rules on blur and on submit, for views on the critical path
 * (the sign-in form) where react-hook-form's ~10 KB would break the login budget. Larger
 * forms use react-hook-form; both read the same rules from core/validation/rules.ts.
 */
export function useLightForm<V extends Values>(schema: ObjectSchema<V>, defaults: V) {
  const [values, setValues] = useState<V>(defaults);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const inputs = useRef(new Map<keyof V, HTMLInputElement>());

  const validateField = useCallback(
    async (name: keyof V) => {
      try {
        await schema.validateAt(name as string, valuesRef.current);
        setErrors((e) => ({ ...e, [name]: undefined }));
      } catch (err) {
        if (err instanceof ValidationError) setErrors((e) => ({ ...e, [name]: err.message }));
      }
    },
    [schema],
  );

  const field = (name: keyof V & string): LightField => ({
    name,
    value: values[name] ?? '',
    onChange: (e) => {
      const next = { ...valuesRef.current, [name]: e.target.value };
      valuesRef.current = next;
      setValues(next);
    },
    onBlur: () => void validateField(name),
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
    try {
      const valid = (await schema.validate(valuesRef.current, { abortEarly: false })) as V;
      setErrors({});
      await onValid(valid);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const found: Partial<Record<keyof V, string>> = {};
      for (const inner of err.inner.length ? err.inner : [err]) {
        const path = inner.path as keyof V | undefined;
        if (path && !found[path]) found[path] = inner.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0] as keyof V | undefined;
      if (first) focus(first);
    }
  };

  return { values, errors, field, setValue, focus, handleSubmit };
}
