import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/render';
import { LazyModalHost } from './LazyModalHost';
import { ModalHost } from './ModalHost';
import { closeAllModals, getModals, openModal } from './modalStore';

afterEach(() => act(() => closeAllModals()));

describe('ModalHost', () => {
  it('OK resolves the promise with true', async () => {
    renderWithProviders(<ModalHost />);
    let result!: Promise<boolean>;
    act(() => {
      result = openModal({ kind: 'success', title: 'Saved', message: 'Your profile was saved.' });
    });
    expect(await screen.findByRole('dialog', { name: 'Success Saved' })).toHaveAccessibleDescription('Your profile was saved.');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirm shows Cancel by default; Cancel and Escape resolve false', async () => {
    renderWithProviders(<ModalHost />);
    let first!: Promise<boolean>;
    act(() => {
      first = openModal({ kind: 'confirm', message: 'Remove this member?', okLabel: 'Remove', cancelLabel: 'Keep' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    await expect(first).resolves.toBe(false);

    let second!: Promise<boolean>;
    act(() => {
      second = openModal({ kind: 'confirm', message: 'Sure?' });
    });
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('a non-dismissible modal ignores Escape until OK', async () => {
    renderWithProviders(<ModalHost />);
    let result!: Promise<boolean>;
    act(() => {
      result = openModal({ kind: 'info', message: 'Our privacy policy has been updated.', dismissible: false, okLabel: 'Acknowledge' });
    });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(getModals()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await expect(result).resolves.toBe(true);
  });

  it("renders a 'normal' modal's content", async () => {
    renderWithProviders(<ModalHost />);
    act(() => {
      void openModal({ kind: 'normal', title: 'Captcha', content: <p>Slide to verify</p>, showCancel: true });
    });
    expect(await screen.findByRole('dialog', { name: 'Captcha' })).toHaveTextContent('Slide to verify');
  });
});

describe('LazyModalHost', () => {
  it('renders nothing until a modal opens, then loads the host', async () => {
    const { container } = renderWithProviders(<LazyModalHost />);
    expect(container).toBeEmptyDOMElement();
    let result!: Promise<boolean>;
    act(() => {
      result = openModal({ kind: 'warning', message: 'Careful' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
