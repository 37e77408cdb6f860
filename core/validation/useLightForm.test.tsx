import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from './checks';
import { useLightForm, type FieldChecks } from './useLightForm';

interface Form extends Record<string, string> {
  code: string;
  repeat: string;
  note: string;
}

const checks: FieldChecks<Form> = {
  code: (v) => (v ? (/^\d+$/.test(v) ? null : MSG.mfaCode) : MSG.required),
  repeat: (v, values) => (v === values.code ? null : MSG.passwordMismatch),
};

function TestForm({ onValid }: { onValid: (values: Form) => void }) {
  const { errors, field, handleSubmit } = useLightForm<Form>(checks, { code: '', repeat: '', note: '' });
  return (
    <form onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate>
      {(['code', 'repeat', 'note'] as const).map((name) => (
        <label key={name}>
          {name}
          <input {...field(name)} />
          {errors[name] ? <span role="alert">{`${name}: ${errors[name]}`}</span> : null}
        </label>
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('useLightForm', () => {
  it('checks a field the person typed in when it loses focus, and clears the message as soon as it is right', async () => {
    render(<TestForm onValid={vi.fn()} />);
    await userEvent.type(input('code'), '12a');
    await userEvent.tab();
    expect(alerts()).toEqual(['code: core:validation.mfaCode']);
    // Clicking back into the code leaves 'repeat', untouched: it says nothing yet.
    await userEvent.type(input('code'), '{Backspace}');
    expect(alerts()).toEqual([]);
    await userEvent.type(input('repeat'), '1');
    await userEvent.tab();
    expect(alerts()).toEqual(['repeat: core:validation.passwordMismatch']);
    await userEvent.type(input('repeat'), '2');
    expect(alerts()).toEqual([]);
  });

  it('a click that takes the focus from an untouched field shows nothing (the first click is never lost, issue 27)', async () => {
    render(<TestForm onValid={vi.fn()} />);
    input('code').focus();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }).parentElement!);
    await userEvent.tab();
    expect(alerts()).toEqual([]);
  });

  it('after a submit, leaving a field checks it again', async () => {
    render(<TestForm onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(alerts()).toEqual(['code: core:validation.required']);
    await userEvent.type(input('code'), '4');
    expect(alerts()).toEqual([]);
    await userEvent.clear(input('code'));
    await userEvent.tab();
    expect(alerts()).toEqual(['code: core:validation.required']);
  });

  it('on submit shows every message, focuses the first field in error and sends nothing', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    await userEvent.type(input('repeat'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(alerts()).toEqual(['code: core:validation.required', 'repeat: core:validation.passwordMismatch']);
    expect(document.activeElement).toBe(input('code'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('hands the values over when every check passes; fields without a check are not checked', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    await userEvent.type(input('code'), '42');
    await userEvent.type(input('repeat'), '42');
    await userEvent.type(input('note'), 'any: thing{Enter}');
    expect(onValid).toHaveBeenCalledWith({ code: '42', repeat: '42', note: 'any: thing' });
    expect(alerts()).toEqual([]);
  });
});
