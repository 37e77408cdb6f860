import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type PasskeyItem } from '@portal/plugin-api';
import { demoUser, renderPortal, setUser, testRegistry } from '@portal/plugin-api/testing';
import passkeys from './index';
import PasskeysSection from './PasskeysSection';
import { installFakeWebAuthn, notAllowed, webAuthnError, type FakeWebAuthn } from './testing';

const LAPTOP: PasskeyItem = { id: 'cred-1', name: 'Work laptop', createdAt: Date.UTC(2024, 3, 2), lastUsedAt: Date.UTC(2024, 4, 1), synced: false };
const PHONE: PasskeyItem = { id: 'cred-2', name: 'Phone', createdAt: Date.UTC(2024, 4, 3), lastUsedAt: null, synced: true };

let webauthn: FakeWebAuthn | null = null;
afterEach(() => {
  setUser(null);
  webauthn?.restore();
  webauthn = null;
});

/** An HTTP client over a list kept in memory, recording each call. */
function listHttp(initial: PasskeyItem[]) {
  let list = [...initial];
  const calls: Array<{ path: string; body: unknown; securityToken: boolean }> = [];
  const http = {
    get: vi.fn(async (path: string) => {
      calls.push({ path, body: undefined, securityToken: false });
      if (path !== `/account/${demoUser.accountId}/passkeys`) throw new Error(path);
      return { passkeys: list };
    }),
    post: vi.fn(async (path: string, body: Record<string, unknown> | undefined, options?: { securityToken?: boolean }) => {
      calls.push({ path, body, securityToken: options?.securityToken === true });
      if (path === '/passkeys/register/options') return { options: { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Unified ID' }, user: { id: 'YWNjLTc', name: 'ana', displayName: 'Ana' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] } };
      if (path === '/passkeys/register') {
        const added = { ...PHONE, id: 'cred-new', name: String(body!.name) };
        list = [...list, added];
        return { passkey: added };
      }
      if (path === '/passkeys/rename') {
        list = list.map((p) => (p.id === body!.id ? { ...p, name: String(body!.name) } : p));
        return { passkey: list.find((p) => p.id === body!.id) };
      }
      if (path === '/passkeys/delete') {
        list = list.filter((p) => p.id !== body!.id);
        return { deleted: body!.id };
      }
      throw new Error(path);
    }),
  } as unknown as HttpClient;
  return { http, calls };
}

async function renderSection(http: HttpClient, unlocked = true, guard = <T,>(call: () => Promise<T>) => call(), variant: 'web' | 'app' = 'web', language: 'en_US' | 'ar_SA' = 'en_US') {
  const registry = await testRegistry([passkeys]);
  setUser(demoUser);
  renderPortal(<PasskeysSection unlocked={unlocked} guard={guard} timeZone="UTC" />, { registry, http, config: { variant }, language });
  return screen.findByRole('region', { name: language === 'ar_SA' ? 'مفاتيح المرور' : 'Passkeys' }, { timeout: 5000 });
}

/** Renames the "Phone" passkey to "Pixel" through its row's form, and waits for the list to say so. */
async function renamePhoneToPixel(): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: 'Rename passkey Phone' }));
  const field = screen.getByLabelText(/^New name/);
  await userEvent.clear(field);
  await userEvent.type(field, 'Pixel');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Pixel'));
}

/** Removes "Work laptop", confirming in the dialog, and waits for it to leave the list. */
async function removeWorkLaptop(): Promise<void> {
  await userEvent.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
  await waitFor(() => expect(screen.getByRole('list', { name: 'Your passkeys' })).not.toHaveTextContent('Work laptop'));
}
describe('the passkeys card of the security page', () => {
  it('lists the passkeys with when they were added and last used', async () => {
    const { http } = listHttp([LAPTOP, PHONE]);
    await renderSection(http);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Work laptopAdded Apr 2, 2024 · last used May 1, 2024');
    expect(items[1]).toHaveTextContent('PhoneAdded May 3, 2024 · never used · synced');
  });

  it('changes nothing while locked: the buttons are disabled and say why', async () => {
    webauthn = installFakeWebAuthn();
    const { http } = listHttp([LAPTOP]);
    await renderSection(http, false);
    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Unlock the settings first.');
    expect(screen.getByRole('button', { name: 'Remove passkey Work laptop' })).toBeDisabled();
  });

  it('adds a passkey under the name the person gives, the device suggested', async () => {
    webauthn = installFakeWebAuthn();
    const { http, calls } = listHttp([]);
    await renderSection(http);
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const name = screen.getByLabelText(/^Passkey name/);
    expect((name as HTMLInputElement).value).not.toBe('');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    await userEvent.type(name, 'Desk key');
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(list).toHaveTextContent('Desk key');
    expect(webauthn.create.calls).toBe(1);
    const register = calls.find((c) => c.path === '/passkeys/register')!;
    expect(register).toMatchObject({ body: { name: 'Desk key', response: { id: 'Y3JlZC0x' } }, securityToken: true });
  });

  it('suggests a plain name in Arabic, without the bidi marks its message puts around the browser and system', async () => {
    webauthn = installFakeWebAuthn();
    const agent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    try {
      const { http, calls } = listHttp([]);
      await renderSection(http, true, undefined, 'web', 'ar_SA');
      await userEvent.click(await screen.findByRole('button', { name: 'إضافة مفتاح مرور' }));
      expect((screen.getByLabelText(/^اسم مفتاح المرور/) as HTMLInputElement).value).toBe('Chrome على Windows');
      await userEvent.click(screen.getByRole('button', { name: 'إنشاء مفتاح المرور' }));
      await waitFor(() => expect(calls.find((c) => c.path === '/passkeys/register')).toMatchObject({ body: { name: 'Chrome على Windows' } }));
    } finally {
      agent.mockRestore();
    }
  });

  it('keeps the form when the person cancels the browser prompt', async () => {
    webauthn = installFakeWebAuthn();
    webauthn.create.fail = notAllowed();
    const { http, calls } = listHttp([]);
    await renderSection(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No passkey was created.');
    expect(screen.getByLabelText(/^Passkey name/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/passkeys/register')).toBe(false);
  });

  it('says why the browser made no passkey: refused at an IP address, or one already on this device (issue 27)', async () => {
    vi.stubGlobal('location', { ...window.location, hostname: '127.0.0.1', host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', href: 'http://127.0.0.1:8080/accountSetting/security' });
    try {
      webauthn = installFakeWebAuthn();
      webauthn.create.fail = webAuthnError('SecurityError', 'This is an invalid domain.');
      const { http, calls } = listHttp([]);
      await renderSection(http);
      await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
      await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('127.0.0.1');
      expect(alert).toHaveTextContent(/not an IP address/);
      webauthn.create.fail = webAuthnError('InvalidStateError', 'The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.');
      await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/already has a passkey for your account/));
      expect(screen.getByLabelText(/^Passkey name/)).toBeInTheDocument();
      expect(calls.some((c) => c.path === '/passkeys/register')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renames and removes, asking before removal', async () => {
    const { http, calls } = listHttp([LAPTOP, PHONE]);
    await renderSection(http);
    await renamePhoneToPixel();
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    expect(screen.getByText('Remove “Work laptop”? You can no longer sign in with it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(calls.some((c) => c.path === '/passkeys/delete')).toBe(false);
    await removeWorkLaptop();
    expect(calls.filter((c) => c.securityToken).map((c) => c.path)).toEqual(['/passkeys/rename', '/passkeys/delete']);
  });

  it('a refused security token leaves the error to the lock panel', async () => {
    const { http } = listHttp([LAPTOP]);
    const guard = vi.fn(async () => {
      throw new ApiError(-20214, 'token', 403);
    });
    await renderSection(http, true, guard as never);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(guard).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in a browser without WebAuthn, says so beside the disabled button', async () => {
    const { http } = listHttp([LAPTOP]);
    await renderSection(http);
    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('This browser cannot create passkeys.');
  });
});

describe('the passkeys card inside a partner app', () => {
  const inApp = (http: HttpClient, unlocked = true, guard = <T,>(call: () => Promise<T>) => call()) => renderSection(http, unlocked, guard, 'app');
  const ADDRESS = `${window.location.origin}${window.location.pathname}`;

  it('without WebAuthn in the web view, says where to add one instead of offering the button', async () => {
    const { http } = listHttp([LAPTOP]);
    const card = await inApp(http);
    await screen.findByRole('list', { name: 'Your passkeys' });
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(card).toHaveTextContent(`Passkeys can’t be added in this app. To add one, open the Security page of your Unified ID account in a web browser:${ADDRESS}`);
    expect(within(card).getByText(ADDRESS)).toHaveAttribute('dir', 'ltr');
  });

  it('without WebAuthn, the passkeys it has still rename and remove', async () => {
    const { http, calls } = listHttp([LAPTOP, PHONE]);
    await inApp(http);
    await renamePhoneToPixel();
    await removeWorkLaptop();
    expect(calls.filter((c) => c.securityToken).map((c) => c.path)).toEqual(['/passkeys/rename', '/passkeys/delete']);
  });

  it('without WebAuthn and locked, the row buttons still say why they are disabled', async () => {
    const { http } = listHttp([LAPTOP]);
    await inApp(http, false);
    const remove = await screen.findByRole('button', { name: 'Remove passkey Work laptop' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Unlock the settings first.');
  });

  it('with WebAuthn turned on by the app, adds a passkey as in a browser', async () => {
    webauthn = installFakeWebAuthn();
    const { http } = listHttp([]);
    await inApp(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your passkeys' }).children).toHaveLength(1));
    expect(webauthn.create.calls).toBe(1);
  });

  it('a web view that refuses this site (app not associated with it) replaces the form with where to add one, and registers nothing', async () => {
    webauthn = installFakeWebAuthn();
    const refused = new Error('The calling application is not associated with the relying party.');
    refused.name = 'SecurityError';
    webauthn.create.fail = refused;
    const { http, calls } = listHttp([]);
    await inApp(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    const advice = await screen.findByRole('alert');
    expect(advice).toHaveTextContent(`Passkeys can’t be added in this app.`);
    expect(advice).toHaveTextContent(ADDRESS);
    // The form is gone rather than offered again, focus on the advice that took its place.
    expect(screen.queryByLabelText(/^Passkey name/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(advice).toHaveFocus();
    expect(calls.some((c) => c.path === '/passkeys/register')).toBe(false);
  });
});
