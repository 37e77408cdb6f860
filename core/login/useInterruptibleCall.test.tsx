import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/ApiError';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import { testLoginPage } from '../testing/loginHarness';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { LOGIN_INTERRUPT_POINT, type InterruptProps } from './types';
import { findInterrupt, useInterruptibleCall } from './useInterruptibleCall';

function CaptchaStep({ retry, cancel }: InterruptProps) {
  return (
    <div role="dialog" aria-label="captcha">
      <button onClick={() => void retry({ captchaToken: 'tok' })}>verified</button>
      <button onClick={cancel}>close</button>
    </div>
  );
}
function MfaStep({ retry, cancel }: InterruptProps) {
  const [msg, setMsg] = useState('');
  const [waiting, setWaiting] = useState(false);
  return (
    <section aria-label="mfa">
      <input aria-label="step state" />
      <span data-testid="mfa-waiting">{String(waiting)}</span>
      <button
        onClick={() => {
          setWaiting(true);
          retry({ code: '000000' })
            .catch((e: ApiError) => setMsg(`inline ${e.code}`))
            .finally(() => setWaiting(false));
        }}
      >
        wrong code
      </button>
      <button onClick={() => void retry({ code: '123456' })}>right code</button>
      <button onClick={cancel}>back</button>
      <p>{msg}</p>
    </section>
  );
}

const steps = definePlugin({
  id: 'steps',
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-23029], presentation: 'modal', view: async () => ({ default: CaptchaStep }) });
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-20677], calls: ['signIn'], presentation: 'inline', view: async () => ({ default: MfaStep }), handles: [-20607] });
  },
});

function Harness({ exec, onSuccess, onError, onCancel }: { exec: (f: Record<string, unknown>, e: Record<string, unknown>) => Promise<string>; onSuccess: (r: string) => void; onError?: (e: ApiError) => boolean; onCancel?: () => void }) {
  const call = useInterruptibleCall({ call: 'signIn', exec, onSuccess, onError, onCancel });
  return (
    <div>
      {call.active?.presentation === 'inline' ? call.outlet : <button onClick={() => void call.start({ email: 'a@b.cd' })}>submit</button>}
      {call.active?.presentation !== 'inline' ? call.outlet : null}
      <span data-testid="busy">{String(call.busy)}</span>
    </div>
  );
}

async function setup(exec: (f: Record<string, unknown>, e: Record<string, unknown>) => Promise<string>, extra: { onError?: (e: ApiError) => boolean; onCancel?: () => void } = {}) {
  const registry = await testRegistry([steps]);
  const onSuccess = vi.fn();
  const { wrap } = testLoginPage();
  renderPortal(wrap(<Harness exec={exec} onSuccess={onSuccess} {...extra} />), { registry, http: {} as HttpClient });
  return { onSuccess };
}

describe('interruptible login calls', () => {
  it('a captcha demand opens its step over the form, and verified retries with the token', async () => {
    const exec = vi.fn(async (_f: Record<string, unknown>, extra: Record<string, unknown>) => {
      if (!extra.captchaToken) throw new ApiError(-23029, 'captcha', 400, {});
      return 'ok';
    });
    const { onSuccess } = await setup(exec);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByRole('dialog', { name: 'captcha' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'submit' })).toBeTruthy(); // modal: the form stays
    await userEvent.click(screen.getByRole('button', { name: 'verified' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ok', { email: 'a@b.cd' }));
    expect(exec).toHaveBeenLastCalledWith({ email: 'a@b.cd' }, { captchaToken: 'tok' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('chains steps: captcha, then MFA inline; handled codes come back to the step, extras accumulate', async () => {
    const exec = vi.fn(async (_f: Record<string, unknown>, extra: Record<string, unknown>) => {
      if (!extra.captchaToken) throw new ApiError(-23029, 'captcha', 400, {});
      if (!extra.code) throw new ApiError(-20677, 'mfa', 400, {});
      if (extra.code !== '123456') throw new ApiError(-20607, 'wrong', 400, { remainAttempts: 4 });
      return 'ok';
    });
    const { onSuccess } = await setup(exec);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'verified' }));
    expect(await screen.findByRole('region', { name: 'mfa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'submit' })).toBeNull(); // inline: replaces the form
    await userEvent.click(screen.getByRole('button', { name: 'wrong code' }));
    expect(await screen.findByText('inline -20607')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'right code' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(exec).toHaveBeenLastCalledWith({ email: 'a@b.cd' }, { captchaToken: 'tok', code: '123456' });
  });

  it('a captcha over the MFA step keeps that step (its state) underneath; closing it returns there, not to the form', async () => {
    const onCancel = vi.fn();
    const exec = vi.fn(async (_f: Record<string, unknown>, extra: Record<string, unknown>) => {
      if (!extra.code) throw new ApiError(-20677, 'mfa', 400, {});
      if (!extra.captchaToken) throw new ApiError(-23029, 'captcha', 400, {});
      if (extra.code !== '123456') throw new ApiError(-20607, 'wrong', 400, { remainAttempts: 3 });
      return 'ok';
    });
    const { onSuccess } = await setup(exec, { onCancel });
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'step state' }), 'kept');
    await userEvent.click(screen.getByRole('button', { name: 'wrong code' }));
    expect(await screen.findByRole('dialog', { name: 'captcha' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'mfa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'submit' })).toBeNull();
    // The MFA step's retry waits for the step over it.
    expect(screen.getByTestId('mfa-waiting').textContent).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'step state' })).toHaveValue('kept');
    expect(screen.getByTestId('mfa-waiting').textContent).toBe('false');
    expect(onCancel).not.toHaveBeenCalled();

    // Again, now solving it: the wrong code comes back to the MFA step, which shows it inline.
    await userEvent.click(screen.getByRole('button', { name: 'wrong code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'verified' }));
    expect(await screen.findByText('inline -20607')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'step state' })).toHaveValue('kept');
    await userEvent.click(screen.getByRole('button', { name: 'right code' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(exec).toHaveBeenLastCalledWith({ email: 'a@b.cd' }, { code: '123456', captchaToken: 'tok' });
  });

  it('an error no step takes goes to the page, and leaving a step calls onCancel', async () => {
    const onError = vi.fn(() => true);
    const onCancel = vi.fn();
    let first = true;
    const exec = vi.fn(async () => {
      if (first) {
        first = false;
        throw new ApiError(-20677, 'mfa', 400, {});
      }
      throw new ApiError(-20004, 'locked', 423, { lockedMinutes: 30 });
    });
    await setup(exec, { onError, onCancel });
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'back' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: -20004 }), { email: 'a@b.cd' }));
    await act(async () => undefined);
    expect(screen.getByTestId('busy').textContent).toBe('false');
  });

  it('finds steps by code and call, among the plugins the page allows', () => {
    const view = async () => ({ default: CaptchaStep });
    const list = [
      { pluginId: 'mfa', value: { codes: [-20677], calls: ['signIn'] as const, presentation: 'inline' as const, view } },
      { pluginId: 'captcha', value: { codes: [-23029], presentation: 'modal' as const, view } },
    ];
    expect(findInterrupt(list, -20677, 'signIn', () => true)?.pluginId).toBe('mfa');
    expect(findInterrupt(list, -20677, 'register', () => true)).toBeUndefined();
    expect(findInterrupt(list, -23029, 'register', () => true)?.pluginId).toBe('captcha');
    expect(findInterrupt(list, -23029, 'signIn', (id) => id !== 'captcha')).toBeUndefined();
  });
});
