import { useRef } from 'react';
import type { FieldValues, UseFormRegister, UseFormTrigger } from 'react-hook-form';

/**
 * react-hook-form's validation for every form of the portal: nothing on the first blur of a field
 * nobody typed in, then checked at each change once submitted (see useEditedBlur and
 * themes/design.md, "when validation speaks").
 */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * `register` whose fields are checked when they lose focus only once the person typed in them.
 * react-hook-form's `onBlur` mode also checks a field that a click elsewhere took the focus from:
 * its "required" message moved the page under the pointer and the click landed nowhere (issue 27).
 */
export function useEditedBlur<T extends FieldValues>(register: UseFormRegister<T>, trigger: UseFormTrigger<T>): UseFormRegister<T> {
  const edited = useRef(new Set<string>());
  return ((name, options) => {
    const field = register(name, options);
    return {
      ...field,
      onChange: (event: { target: unknown; type?: unknown }) => {
        edited.current.add(name);
        return field.onChange(event);
      },
      onBlur: async (event: { target: unknown; type?: unknown }) => {
        await field.onBlur(event);
        if (edited.current.has(name)) await trigger(name);
      },
    };
  }) as UseFormRegister<T>;
}
