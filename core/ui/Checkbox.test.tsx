import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderWithProviders } from '../testing/render';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('toggles from the label and from Space', async () => {
    renderWithProviders(<Checkbox label="Subscribe" />);
    const box = screen.getByRole('checkbox', { name: 'Subscribe' });
    await userEvent.click(screen.getByText('Subscribe'));
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('wires the inline error', () => {
    renderWithProviders(<Checkbox label="I accept the terms" error="Please read and accept the Terms of Use." />);
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please read and accept the Terms of Use.');
    expect(screen.getByRole('alert').id).toBe(box.getAttribute('aria-describedby'));
  });

  it('works with register()', async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ terms: boolean }>({ defaultValues: { terms: false } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Checkbox label="Terms" {...register('terms')} />
          <button type="submit">Go</button>
        </form>
      );
    }
    renderWithProviders(<Form />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Terms' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onValid).toHaveBeenCalledWith({ terms: true }, expect.anything());
  });
});
