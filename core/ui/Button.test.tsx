import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { renderWithProviders } from '../testing/render';
import { Button } from './Button';

describe('Button', () => {
  it('defaults to type=button so it never submits a form by accident', async () => {
    const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Plain' })).toHaveAttribute('type', 'button');
    await userEvent.click(screen.getByRole('button', { name: 'Plain' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is reachable by Tab and activated by Enter and Space', async () => {
    const onClick = vi.fn();
    renderWithProviders(<Button onClick={onClick}>Go</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Go' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('while loading: aria-busy, keeps its name and focus, ignores clicks and form submission', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Sign in
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button.querySelector('svg')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disabled buttons do nothing', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <Button disabled onClick={onClick}>
        Off
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Off' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Off' })).toBeDisabled();
  });

  it('forwards the ref and extra attributes', () => {
    const ref = createRef<HTMLButtonElement>();
    renderWithProviders(
      <Button ref={ref} variant="danger" size="lg" fullWidth data-testid="b">
        Delete
      </Button>,
    );
    expect(ref.current).toBe(screen.getByTestId('b'));
    expect(screen.getByTestId('b')).not.toHaveAttribute('aria-busy');
  });
});
