import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import { demoUser, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import recoveryCodes from './index';
import RecoveryCodesSection from './RecoveryCodesSection';

const ID = encodeURIComponent(demoUser.accountId);
const CODES = ['abcd-efgh-jk', 'mnpq-rstu-vw', 'xyz2-3456-78', 'a2b3-c4d5-e6', 'f7g8-h9jk-mn', 'pqrs-tuvw-xy', 'z234-5678-9a', 'bcde-fghj-km', 'npqr-stuv-wx', 'yz23-4567-89'];

function fakeHttp(status: { generatedAt: number | null; remaining: number; total: number }, mfaOn = true, create: () => Promise<unknown> = async () => ({ codes: CODES, generatedAt: Date.UTC(2026, 10, 26, 7) })) {
  const get = vi.fn(async (path: string) => (path.endsWith('/recovery-codes') ? status : { enabled: mfaOn, supportedMFATypes: mfaOn ? [3] : [], primaryMFAType: mfaOn ? 3 : null, MFAEmail: 'an***@x' }));
  const post = vi.fn(async (path: string, _body?: unknown, _options?: unknown) => {
    if (path !== `/account/${ID}/recovery-codes`) throw new Error(path);
    return create();
  });
  return { get, post } as unknown as HttpClient & { post: typeof post };
}

async function renderSection(http: HttpClient, unlocked = true) {
  const registry = await testRegistry([recoveryCodes]);
  const guard = vi.fn();
  const guarded = <T,>(call: () => Promise<T>) => {
    guard();
    return call();
  };
  renderPortal(<RecoveryCodesSection user={demoUser} unlocked={unlocked} guard={guarded} reloadKey={0} changed={vi.fn()} timeZone="UTC" />, { registry, http });
  return { guard };
}

describe('recovery codes card', () => {
  it('says how many are left and warns when few remain', async () => {
    await renderSection(fakeHttp({ generatedAt: Date.UTC(2026, 0, 5, 9), remaining: 2, total: 10 }));
    expect(await screen.findByText(/^2 of 10 codes left, created/)).toBeInTheDocument();
    expect(screen.getByText('Only a few codes are left. Create a new set.')).toBeInTheDocument();
  });

  it('asks to turn on two-step verification first, with nothing to press', async () => {
    await renderSection(fakeHttp({ generatedAt: null, remaining: 0, total: 0 }, false));
    expect(await screen.findByText('Turn on two-step verification to create recovery codes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create recovery codes' })).toBeNull();
  });

  it('waits for the unlock', async () => {
    await renderSection(fakeHttp({ generatedAt: null, remaining: 0, total: 0 }), false);
    const create = await screen.findByRole('button', { name: 'Create recovery codes' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Unlock the settings first.');
  });

  it('makes a set behind the lock and shows it once, to copy and download', async () => {
    const http = fakeHttp({ generatedAt: null, remaining: 0, total: 0 });
    const { guard } = await renderSection(http);
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await userEvent.click(await screen.findByRole('button', { name: 'Create recovery codes' }));
    expect(guard).toHaveBeenCalledOnce();
    expect(http.post).toHaveBeenCalledWith(`/account/${ID}/recovery-codes`, undefined, { securityToken: true });
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    const copied = writeText.mock.calls[0]![0] as string;
    expect(copied.split('\n').slice(2, 12)).toEqual(CODES);
    expect(copied).toContain(demoUser.email);
    await userEvent.click(screen.getByRole('button', { name: 'Download as a text file' }));
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();

    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
  });

  it('asks before a new set replaces the old one', async () => {
    const http = fakeHttp({ generatedAt: Date.UTC(2026, 0, 5, 9), remaining: 8, total: 10 });
    await renderSection(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Create new codes' }));
    expect(screen.getByText('Your current codes will stop working. Create new ones?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(http.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Create new codes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, create new codes' }));
    expect(await screen.findByRole('list', { name: 'Your recovery codes' })).toBeInTheDocument();
  });

  it('keeps the card as it was when the server refuses the unlock', async () => {
    await renderSection(fakeHttp({ generatedAt: null, remaining: 0, total: 0 }, true, async () => Promise.reject(new ApiError(-20214, 'token', 403))));
    await userEvent.click(await screen.findByRole('button', { name: 'Create recovery codes' }));
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create recovery codes' })).toBeEnabled();
  });
});
