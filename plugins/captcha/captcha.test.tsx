import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type CaptchaRequiredResult,
  type HttpClient,
  type InterruptProps,
  LOGIN_INTERRUPT_POINT,
  useInterruptibleCall,
} from '@portal/plugin-api';
import { defaultTheme, renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import CaptchaStep from './CaptchaStep';
import captcha from './index';

const ORIGIN = window.location.origin;
const FRAME_SRC = `${ORIGIN}/api/captcha/frame?lang=en_US`;
const http = {} as HttpClient;

function captchaError(result: Partial<CaptchaRequiredResult> = { serviceRegion: 'Euw', captchaUrl: `${ORIGIN}/api/captcha/frame` }) {
  return new ApiError<CaptchaRequiredResult>(-23029, 'captcha', 400, result as CaptchaRequiredResult);
}

async function renderStep(overrides: Partial<InterruptProps> = {}) {
  const registry = await testRegistry([captcha]);
  const props: InterruptProps = {
    error: captchaError(),
    call: 'signIn',
    form: { email: 'ana@partner.test', password: 'secret-1' },
    retry: vi.fn(async () => undefined),
    cancel: vi.fn(),
    goTo: vi.fn(),
    ...overrides,
  };
  const { wrap } = testLoginPage();
  const utils = renderPortal(wrap(<CaptchaStep {...props} />), { registry, http });
  const dialog = await screen.findByRole('dialog', { name: 'Security verification' });
  const iframe = dialog.querySelector('iframe')!;
  return { ...utils, props, dialog, iframe };
}

/** A message as the browser delivers it: origin and source window set by the sender. */
function deliver(data: unknown, { origin = ORIGIN, source }: { origin?: string; source: MessageEventSource | null }) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const LOADED = { source: 'uid-captcha', type: 'loaded' } as const;
const RESULT = { source: 'uid-captcha', type: 'result', errorCode: '0', token: 'one-time-token-1234567890' } as const;
const FAILED = { source: 'uid-captcha', type: 'failed', errorCode: '-10020' } as const;

describe('captcha plugin manifest', () => {
  it('contributes a modal step for -23029 on every call, and its namespace', async () => {
    const registry = await testRegistry([captcha]);
    const steps = registry.getOwnedContributions(LOGIN_INTERRUPT_POINT);
    expect(steps).toHaveLength(1);
    expect(steps[0]!.pluginId).toBe('captcha');
    expect(steps[0]!.value).toMatchObject({ codes: [-23029], presentation: 'modal' });
    expect(steps[0]!.value.calls).toBeUndefined();
    expect(registry.namespaces.map((n) => n.value)).toEqual(['captcha']);
  });
});

describe('CaptchaStep', () => {
  it("shows a titled dialog of at most 400 px around the server's frame in the page language", async () => {
    const { dialog, iframe } = await renderStep();
    expect(iframe).toHaveAttribute('src', FRAME_SRC);
    expect(iframe).toHaveAttribute('title', 'Sliding puzzle');
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    const panel = dialog.querySelector<HTMLElement>('[id^="headlessui-dialog-panel"]')!;
    expect(getComputedStyle(panel).maxWidth).toBe('400px');
  });

  it('builds the frame URL from the API base when the server names another origin', async () => {
    const { iframe } = await renderStep({ error: captchaError({ serviceRegion: 'Euw', captchaUrl: 'https://evil.test/api/captcha/frame' }) });
    expect(iframe).toHaveAttribute('src', FRAME_SRC);
  });

  it("is loading until the frame says 'loaded', then sends the theme to the frame's origin only", async () => {
    const { iframe } = await renderStep();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the puzzle…');
    const post = vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    deliver(LOADED, { source: iframe.contentWindow });
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      { source: 'uid-portal', type: 'theme', theme: { mode: 'light', primary: defaultTheme.colors.primary, background: defaultTheme.colors.surface, text: defaultTheme.colors.text } },
      ORIGIN,
    );
  });

  it('retries the call with the token and closes on a verified result', async () => {
    const { iframe, props } = await renderStep();
    deliver(LOADED, { source: iframe.contentWindow });
    deliver(RESULT, { source: iframe.contentWindow });
    expect(props.retry).toHaveBeenCalledTimes(1);
    expect(props.retry).toHaveBeenCalledWith({ captchaToken: 'one-time-token-1234567890' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(props.cancel).not.toHaveBeenCalled();
    // A second result (a replay) does nothing.
    deliver(RESULT, { source: iframe.contentWindow });
    expect(props.retry).toHaveBeenCalledTimes(1);
  });

  it('announces a failed slide in a live region, again on every failure', async () => {
    const { iframe, props } = await renderStep();
    deliver(LOADED, { source: iframe.contentWindow });
    deliver(FAILED, { source: iframe.contentWindow });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('That did not fit. A new puzzle is ready: please try again.');
    const first = status.firstElementChild;
    deliver(FAILED, { source: iframe.contentWindow });
    expect(screen.getByRole('status').firstElementChild).not.toBe(first);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(props.retry).not.toHaveBeenCalled();
  });

  describe('ignores messages that are not from the frame', () => {
    it.each([
      ['another origin', { origin: 'https://evil.test' }],
      ['the origin with another port', { origin: `${ORIGIN.replace(/:\d+$/, '')}:1` }],
      ['the string "null"', { origin: 'null' }],
    ])('from %s', async (_name, { origin }) => {
      const { iframe, props } = await renderStep();
      deliver(LOADED, { origin, source: iframe.contentWindow });
      deliver(RESULT, { origin, source: iframe.contentWindow });
      expect(screen.getByRole('status')).toHaveTextContent('Loading the puzzle…');
      expect(props.retry).not.toHaveBeenCalled();
    });

    it('from the right origin but another window (the page itself, another frame, none)', async () => {
      const { iframe, props } = await renderStep();
      const other = document.createElement('iframe');
      document.body.appendChild(other);
      for (const source of [window, other.contentWindow, null]) {
        deliver(LOADED, { source });
        deliver(RESULT, { source });
        deliver(FAILED, { source });
      }
      expect(screen.getByRole('status')).toHaveTextContent('Loading the puzzle…');
      expect(props.retry).not.toHaveBeenCalled();
      other.remove();
      expect(iframe).toBeInTheDocument();
    });

    it('from the frame but not in the contract shape', async () => {
      const { iframe, props } = await renderStep();
      const source = iframe.contentWindow;
      deliver({ type: 'loaded' }, { source });
      deliver({ source: 'uid-captcha', type: 'result', errorCode: '0' }, { source });
      deliver({ source: 'uid-captcha', type: 'result', errorCode: '1', token: 'x' }, { source });
      deliver({ source: 'uid-captcha', type: 'redirect', url: 'https://evil.test' }, { source });
      deliver('{"source":"uid-captcha","type":"result","errorCode":"0","token":"t"}', { source });
      expect(screen.getByRole('status')).toHaveTextContent('Loading the puzzle…');
      expect(props.retry).not.toHaveBeenCalled();
    });
  });

  it('closing the dialog cancels the step (close button and Escape)', async () => {
    const first = await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(first.props.cancel).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = await renderStep();
    fireEvent.keyDown(second.dialog, { key: 'Escape' });
    await waitFor(() => expect(second.props.cancel).toHaveBeenCalledTimes(1));
    expect(second.props.retry).not.toHaveBeenCalled();
  });

  it('removes its message listener when it unmounts', async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { iframe, props, unmount } = await renderStep();
    const source = iframe.contentWindow;
    unmount();
    expect(remove).toHaveBeenCalledWith('message', expect.any(Function));
    deliver(RESULT, { source });
    expect(props.retry).not.toHaveBeenCalled();
  });
});

/** A login-page call through the real interrupt machinery, as the sign-in view runs it. */
function SignInProbe({ exec, onSuccess }: { exec: (form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<string>; onSuccess: (r: string) => void }) {
  const [cancelled, setCancelled] = useState(false);
  const call = useInterruptibleCall({ call: 'signIn', exec, onSuccess, onCancel: () => setCancelled(true) });
  return (
    <div>
      <button type="button" onClick={() => void call.start({ email: 'ana@partner.test', password: 'secret-1' })}>
        Sign in
      </button>
      {cancelled && <p>cancelled</p>}
      {call.outlet}
    </div>
  );
}

describe('captcha in an interrupted call', () => {
  it('-23029 opens the dialog; the verified token goes into the repeated call', async () => {
    const registry = await testRegistry([captcha]);
    const exec = vi
      .fn<(form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<string>>()
      .mockRejectedValueOnce(captchaError())
      .mockResolvedValueOnce('signed in');
    const onSuccess = vi.fn();
    const { wrap } = testLoginPage();
    renderPortal(wrap(<SignInProbe exec={exec} onSuccess={onSuccess} />), { registry, http });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security verification' });
    const iframe = dialog.querySelector('iframe')!;
    deliver(LOADED, { source: iframe.contentWindow });
    deliver(RESULT, { source: iframe.contentWindow });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('signed in', expect.anything()));
    expect(exec).toHaveBeenLastCalledWith({ email: 'ana@partner.test', password: 'secret-1' }, { captchaToken: 'one-time-token-1234567890' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing the dialog returns to the form without repeating the call', async () => {
    const registry = await testRegistry([captcha]);
    const exec = vi.fn(async () => Promise.reject(captchaError()));
    const { wrap } = testLoginPage();
    renderPortal(wrap(<SignInProbe exec={exec} onSuccess={vi.fn()} />), { registry, http });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: 'Security verification' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(exec).toHaveBeenCalledTimes(1);
  });
});
