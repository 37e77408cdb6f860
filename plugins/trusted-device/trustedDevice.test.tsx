import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type InterruptProps, LOGIN_INTERRUPT_POINT, type MfaRequiredResult, type TrustedDeviceInfo } from '@portal/plugin-api';
import { demoUser, pluginsById, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import trustedDevice from './index';
import TrustedDevicesSection from './TrustedDevicesSection';

const ID = encodeURIComponent(demoUser.accountId);
const challenge: MfaRequiredResult = { supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'mi***@example.com', MFAProcessId: 'proc-1', expiresIn: 600, trustDeviceDays: 14 };

async function renderStep(result: MfaRequiredResult, language?: 'ar_SA') {
  const registry = await testRegistry([trustedDevice, ...(await pluginsById('mfa'))]);
  const Step = (await registry.getContributions(LOGIN_INTERRUPT_POINT)[0]!.view()).default;
  const props: InterruptProps = { error: new ApiError<unknown>(-20677, 'MFA', 400, result), call: 'signIn', form: { email: 'mfa@example.com' }, retry: vi.fn(async () => undefined), cancel: vi.fn(), goTo: vi.fn() };
  const http = { get: vi.fn(async () => null), post: vi.fn(async () => null) } as unknown as HttpClient;
  renderPortal(<Step {...props} />, { registry, http, language });
  return props;
}

describe('"don\'t ask again" at the MFA step', () => {
  it('is offered with the deployment’s days and carried by the code', async () => {
    const props = await renderStep(challenge);
    const box = await screen.findByRole('checkbox', { name: "Don't ask again on this device for 14 days" });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getAllByRole('textbox', { name: /^Digit 1 of 6$/ })[0]!);
    await userEvent.keyboard('123456{Enter}');
    expect(props.retry).toHaveBeenCalledWith({ trustDevice: true, mfaType: 3, code: '123456', mfaProcessId: 'proc-1' });
  });

  it('says the days in the English singular and in the Arabic forms for 1, 2, 3 to 10 and 11 and more', async () => {
    const cases = [
      [1, undefined, "Don't ask again on this device for 1 day"],
      [1, 'ar_SA', 'لا تطلب التحقق مرة أخرى على هذا الجهاز لمدة يوم واحد'],
      [2, 'ar_SA', 'لا تطلب التحقق مرة أخرى على هذا الجهاز لمدة يومين'],
      [7, 'ar_SA', 'لا تطلب التحقق مرة أخرى على هذا الجهاز لمدة ٧ أيام'],
      [30, 'ar_SA', 'لا تطلب التحقق مرة أخرى على هذا الجهاز لمدة ٣٠ يومًا'],
    ] as const;
    for (const [trustDeviceDays, language, name] of cases) {
      await renderStep({ ...challenge, trustDeviceDays }, language);
      expect(await screen.findByRole('checkbox', { name })).toBeInTheDocument();
      cleanup();
    }
  });

  it('is not offered when the server does not', async () => {
    const { trustDeviceDays: _, ...without } = challenge;
    await renderStep(without);
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

const device = (over: Partial<TrustedDeviceInfo>): TrustedDeviceInfo => ({
  deviceId: 'd-1',
  current: false,
  createdAt: Date.UTC(2026, 10, 1, 8),
  lastUsedAt: Date.UTC(2026, 10, 20, 8),
  expiresAt: Date.UTC(2026, 11, 1, 8),
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  ...over,
});

function fakeHttp(lists: TrustedDeviceInfo[][]) {
  let n = 0;
  const get = vi.fn(async () => ({ devices: lists[Math.min(n++, lists.length - 1)] }));
  const post = vi.fn(async (_path: string, body?: { deviceIds?: string[] }, _options?: unknown) => ({ revoked: body?.deviceIds ?? ['all'] }));
  return { get, post } as unknown as HttpClient & { post: typeof post; get: typeof get };
}

async function renderSection(http: HttpClient, unlocked = true) {
  const registry = await testRegistry([trustedDevice]);
  const guard = vi.fn();
  const guarded = <T,>(call: () => Promise<T>) => {
    guard();
    return call();
  };
  renderPortal(<TrustedDevicesSection user={demoUser} unlocked={unlocked} guard={guarded} reloadKey={0} changed={vi.fn()} timeZone="UTC" />, { registry, http });
  return guard;
}

describe('trusted devices card', () => {
  it('lists this browser first, marked, with until when it is trusted', async () => {
    await renderSection(fakeHttp([[device({ deviceId: 'other', userAgent: null }), device({ deviceId: 'here', current: true })]]));
    const items = within(await screen.findByRole('list', { name: 'Trusted devices' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).toHaveTextContent('Firefox on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Trusted until Dec 1, 2026');
    expect(items[1]).toHaveTextContent('Unknown device');
  });

  it('says when none is trusted', async () => {
    await renderSection(fakeHttp([[]]));
    expect(await screen.findByText(/^No device is trusted/)).toBeInTheDocument();
  });

  it('revokes one, then all after a confirm, behind the lock, and reloads the list', async () => {
    const http = fakeHttp([[device({ deviceId: 'a' }), device({ deviceId: 'b' })], [device({ deviceId: 'b' })], []]);
    const guard = await renderSection(http);
    await userEvent.click(await screen.findAllByRole('button', { name: 'Stop trusting Firefox on Linux' }).then((b) => b[0]!));
    expect(http.post).toHaveBeenCalledWith(`/account/${ID}/trusted-devices/revoke`, { deviceIds: ['a'] }, { securityToken: true });
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Stop trusting all devices' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Stop trusting all devices\?$/ });
    expect(http.post).toHaveBeenCalledTimes(1); // nothing yet: the dialog asks first
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop trusting all devices' }));
    expect(http.post).toHaveBeenLastCalledWith(`/account/${ID}/trusted-devices/revoke`, {}, { securityToken: true });
    expect(await screen.findByText(/^No device is trusted/)).toBeInTheDocument();
    expect(guard).toHaveBeenCalledTimes(2);
  });

  it('"Stop trusting all" asks first: Cancel forgets nothing', async () => {
    const http = fakeHttp([[device({ deviceId: 'a' })]]);
    await renderSection(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop trusting all devices' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Stop trusting all devices\?$/ });
    expect(dialog).toHaveTextContent('must pass two-step verification');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('keeps the buttons off while the page is locked', async () => {
    await renderSection(fakeHttp([[device({})]]), false);
    const revoke = await screen.findByRole('button', { name: 'Stop trusting Firefox on Linux' });
    expect(revoke).toBeDisabled();
    expect(revoke).toHaveAccessibleDescription('Unlock the settings first.');
  });
});
