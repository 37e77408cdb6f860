import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { useForm } from 'react-hook-form';
import { renderWithProviders } from '../testing/render';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels the input and links the hint', () => {
    renderWithProviders(<TextField label="Email" hint="We never share it" required />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it');
  });

  it('wires an inline error: aria-invalid, aria-describedby to it, role=alert', () => {
    renderWithProviders(<TextField label="Email" hint="Work address" error="This field is required" aria-describedby="extra" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This field is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids[0]).toBe(alert.id);
    expect(ids).toContain('extra');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
  });

  it('treats an empty error as no error', () => {
    renderWithProviders(<TextField label="Name" error="" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
  });

  it('password fields have a show/hide toggle that does not submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <TextField label="Password" type="password" defaultValue="s3cret" />
      </form>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps email, phone and web addresses left to right in a right-to-left page; other text follows the page', () => {
    renderWithProviders(
      <div dir="rtl">
        <TextField label="Email" type="email" />
        <TextField label="Phone" type="tel" />
        <TextField label="Website" type="url" />
        <TextField label="Name" />
        <TextField label="Password" type="password" />
        <TextField label="Code" type="text" dir="ltr" />
      </div>,
    );
    for (const name of ['Email', 'Phone', 'Website', 'Code']) expect(screen.getByLabelText(name)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('dir');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('dir');
  });

  it('forwards the ref to the <input>', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithProviders(<TextField ref={ref} label="City" />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'City' }));
  });

  it("works with react-hook-form's register(): value, blur validation and focus on error", async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit, formState } = useForm<{ email: string }>({ mode: 'onBlur' });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <TextField label="Email" {...register('email', { required: 'This field is required' })} error={formState.errors.email?.message} />
          <button type="submit">Go</button>
        </form>
      );
    }
    renderWithProviders(<Form />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('name', 'email');
    await userEvent.click(input);
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('This field is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'a@b.co' }, expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
