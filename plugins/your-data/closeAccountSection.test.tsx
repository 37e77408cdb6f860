import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ERROR_CODES } from '@portal/plugin-api';
import { renderPortal, testRegistry } from '@portal/plugin-api/testing';
import { CloseAccountSection } from './CloseAccountSection';
import type { ClosureFacts } from './contract';
import yourData from './index';

const FACTS: ClosureFacts = { graceDays: 14, handOver: null, companyGoes: null, services: [], passwordSet: true };

async function renderSection(close: (password: string) => Promise<{ eraseAt: number }>, facts: ClosureFacts = FACTS) {
  const onClosed = vi.fn();
  renderPortal(<CloseAccountSection loadFacts={() => Promise.resolve(facts)} close={close} onClosed={onClosed} />, { registry: await testRegistry([yourData]), http: {} as never });
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
  await screen.findByText('What is deleted');
  return onClosed;
}

describe('closing the ID', () => {
  it('asks for the password and the tick before anything is sent', async () => {
    const close = vi.fn(() => Promise.resolve({ eraseAt: 1 }));
    await renderSection(close);
    await userEvent.click(screen.getByRole('button', { name: 'Close and delete my ID' }));
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveFocus();
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Demo-pass-2024');
    await userEvent.click(screen.getByRole('button', { name: 'Close and delete my ID' }));
    expect(screen.getByText('Confirm that you understand what is deleted.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveFocus();
    expect(close).not.toHaveBeenCalled();
  });

  it('closes with both and hands the result over', async () => {
    const close = vi.fn(() => Promise.resolve({ eraseAt: 42 }));
    const onClosed = await renderSection(close);
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Demo-pass-2024');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Close and delete my ID' }));
    expect(close).toHaveBeenCalledWith('Demo-pass-2024');
    expect(onClosed).toHaveBeenCalledWith({ eraseAt: 42 });
  });

  it('a wrong password is said at the field and keeps what was typed elsewhere', async () => {
    const close = vi.fn(() => Promise.reject(new ApiError(ERROR_CODES.wrongCredentials, undefined, 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 0 })));
    const onClosed = await renderSection(close);
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'wrong-one');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Close and delete my ID' }));
    expect(await screen.findByText(/3 attempts left/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('a company that gained members meanwhile turns the form into the hand-over notice', async () => {
    const close = vi.fn(() => Promise.reject(new ApiError(ERROR_CODES.invalidParameter, undefined, 409, { field: 'company', reason: 'handOver', company: 'Contoso' })));
    await renderSection(close);
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Demo-pass-2024');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Close and delete my ID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You own Contoso, which has other members');
    expect(screen.queryByRole('button', { name: 'Close and delete my ID' })).toBeNull();
  });

  it('opening moves the focus to what it opened (the button it pressed is gone)', async () => {
    await renderSection(vi.fn());
    expect(screen.getByText('What is deleted').closest('[tabindex="-1"]')).toHaveFocus();
  });

  it('Cancel closes the form and returns the focus to the button', async () => {
    await renderSection(vi.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Delete my account…' })).toBeInTheDocument();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toHaveFocus();
  });
});
