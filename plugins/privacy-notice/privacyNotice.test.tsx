import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type HttpClient,
  type InterruptProps,
  LOGIN_INTERRUPT_POINT,
  type PrivacyPolicyResult,
  useInterruptibleCall,
} from '@portal/plugin-api';
import { renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import privacyNotice from './index';
import PrivacyNoticeStep, { policyLink } from './PrivacyNoticeStep';

const http = {} as HttpClient;
const POLICY = 'https://vendor.example/privacy?v=3';

function privacyError(result: Partial<PrivacyPolicyResult> | undefined = { version: 3, url: POLICY }) {
  return new ApiError<PrivacyPolicyResult>(-10999, 'privacy', 400, result as PrivacyPolicyResult);
}

async function renderStep(overrides: Partial<InterruptProps> = {}) {
  const registry = await testRegistry([privacyNotice]);
  const props: InterruptProps = {
    error: privacyError(),
    call: 'signIn',
    form: { email: 'pia@example.com', password: 'Demo-pass-2024' },
    retry: vi.fn(async () => undefined),
    cancel: vi.fn(),
    goTo: vi.fn(),
    ...overrides,
  };
  const { wrap } = testLoginPage();
  const utils = renderPortal(wrap(<PrivacyNoticeStep {...props} />), { registry, http });
  const dialog = await screen.findByRole('dialog', { name: /Privacy policy updated/ });
  return { ...utils, props, dialog };
}

describe('privacy-notice plugin manifest', () => {
  it('contributes a modal step for -10999 on every call, and its namespace', async () => {
    const registry = await testRegistry([privacyNotice]);
    const steps = registry.getOwnedContributions(LOGIN_INTERRUPT_POINT);
    expect(steps.map((s) => [s.pluginId, s.value.codes, s.value.presentation, s.value.calls])).toEqual([['privacy-notice', [-10999], 'modal', undefined]]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['privacy-notice']);
  });
});

describe('policyLink', () => {
  it.each([
    [POLICY, POLICY],
    ['http://127.0.0.1:8080/privacy', 'http://127.0.0.1:8080/privacy'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,hi', null],
    ['ftp://vendor.example/privacy', null],
    ['/privacy', null],
    ['', null],
    [undefined, null],
    [42, null],
  ])('%j -> %j', (url, expected) => {
    expect(policyLink(url)).toBe(expected);
  });
});

describe('PrivacyNoticeStep', () => {
  it('says the policy changed and links to it in a new tab, safely', async () => {
    const { dialog } = await renderStep();
    expect(dialog).toHaveAccessibleDescription('We have updated our privacy policy. Please read it and acknowledge it to continue signing in.');
    const link = screen.getByRole('link', { name: 'Read the privacy policy (opens in a new tab)' });
    expect(link).toHaveAttribute('href', POLICY);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', '/privacy', ''])('renders no link for %j', async (url) => {
    await renderStep({ error: privacyError({ version: 3, url }) });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I acknowledge' })).toBeInTheDocument();
  });

  it('cannot be dismissed: no close button, Escape and outside clicks do nothing', async () => {
    const { dialog, props } = await renderStep();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.body);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('dialog', { name: /Privacy policy updated/ })).toBeInTheDocument();
    expect(props.cancel).not.toHaveBeenCalled();
    expect(props.retry).not.toHaveBeenCalled();
  });

  it('focuses the acknowledge button when it opens', async () => {
    await renderStep();
    await waitFor(() => expect(screen.getByRole('button', { name: 'I acknowledge' })).toHaveFocus());
  });

  it('acknowledging retries with the accepted version and shows a loading state meanwhile', async () => {
    let finish!: () => void;
    const retry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { props } = await renderStep({ retry });
    const button = screen.getByRole('button', { name: 'I acknowledge' });
    await userEvent.click(button);
    expect(retry).toHaveBeenCalledWith({ acceptPrivacyVersion: 3 });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(retry).toHaveBeenCalledTimes(1);
    finish();
    expect(props.cancel).not.toHaveBeenCalled();
  });

  it('is usable again when the retry hands an error back', async () => {
    const retry = vi.fn(async () => Promise.reject(new ApiError(-10999, 'again', 400)));
    await renderStep({ retry });
    const button = screen.getByRole('button', { name: 'I acknowledge' });
    await userEvent.click(button);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await userEvent.click(button);
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('without a version to accept, acknowledging returns to the form instead of looping', async () => {
    const { props } = await renderStep({ error: privacyError({ url: POLICY }) });
    await userEvent.click(screen.getByRole('button', { name: 'I acknowledge' }));
    expect(props.retry).not.toHaveBeenCalled();
    expect(props.cancel).toHaveBeenCalledTimes(1);
  });
});

function SignInProbe({ exec, onSuccess }: { exec: (form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<string>; onSuccess: (r: string) => void }) {
  const [cancelled, setCancelled] = useState(false);
  const call = useInterruptibleCall({ call: 'signIn', exec, onSuccess, onCancel: () => setCancelled(true) });
  return (
    <div>
      <button type="button" onClick={() => void call.start({ email: 'pia@example.com', password: 'Demo-pass-2024' })}>
        Sign in
      </button>
      {cancelled && <p>cancelled</p>}
      {call.outlet}
    </div>
  );
}

describe('privacy notice in an interrupted call', () => {
  it('-10999 opens the notice; acknowledging repeats the call with acceptPrivacyVersion', async () => {
    const registry = await testRegistry([privacyNotice]);
    const exec = vi
      .fn<(form: Record<string, unknown>, extra: Record<string, unknown>) => Promise<string>>()
      .mockRejectedValueOnce(privacyError())
      .mockResolvedValueOnce('signed in');
    const onSuccess = vi.fn();
    const { wrap } = testLoginPage();
    renderPortal(wrap(<SignInProbe exec={exec} onSuccess={onSuccess} />), { registry, http });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: /Privacy policy updated/ });
    await userEvent.click(await screen.findByRole('button', { name: 'I acknowledge' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('signed in', expect.anything()));
    expect(exec).toHaveBeenLastCalledWith({ email: 'pia@example.com', password: 'Demo-pass-2024' }, { acceptPrivacyVersion: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('cancelled')).not.toBeInTheDocument();
  });
});
