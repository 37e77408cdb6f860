import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, SIGN_IN_METHOD_POINT } from '@portal/plugin-api';
import { renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import EmailCodeMethod from './EmailCodeMethod';
import emailCode from './index';

type Post = (path: string, body?: unknown, options?: unknown) => Promise<unknown>;

function fakeHttp(post: Post) {
  return { get: vi.fn(async () => null), post: vi.fn(post) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn<Post>> };
}

const SENT = { processId: 'p-1', resendAfterSeconds: 60, expiresIn: 600 };

async function renderMethod(options: { http: HttpClient; email: string; busy?: boolean; views?: string[] }) {
  const registry = await testRegistry([emailCode]);
  const page = testLoginPage({ views: options.views ?? ['signIn', 'emailCode', 'locked'], query: new URLSearchParams('session_code=sc-1') });
  const signIn = vi.fn();
  const utils = renderPortal(page.wrap(<EmailCodeMethod email={options.email} busy={options.busy ?? false} signIn={signIn} />), { registry, http: options.http });
  return { ...utils, goTo: page.services.goTo, signIn };
}

const button = () => screen.getByRole('button', { name: 'Email me a sign-in code' });

describe('email-code manifest', () => {
  it('contributes the emailCode view (opened by its mail link) and a sign-in method after passkeys', async () => {
    const registry = await testRegistry([emailCode]);
    expect(registry.loginViews.map((v) => [v.pluginId, v.value.id, v.value.module])).toEqual([['email-code', 'emailCode', 'emailCode']]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['email-code']);
    const [method] = registry.getOwnedContributions(SIGN_IN_METHOD_POINT);
    expect(method?.pluginId).toBe('email-code');
    expect(method?.value.order).toBe(20);
    expect(method?.value.height).toBeGreaterThan(0);
  });
});

describe('"Email me a sign-in code" under the sign-in form', () => {
  it('refuses to send without a valid address and says why, linked to the button', async () => {
    const http = fakeHttp(async () => SENT);
    await renderMethod({ http, email: 'ana@partner' });
    await userEvent.click(button());
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Type your email address above first.');
    expect(button()).toHaveAttribute('aria-describedby', message.id);
    expect(http.post).not.toHaveBeenCalled();
  });

  it('refuses an empty address too', async () => {
    const http = fakeHttp(async () => SENT);
    await renderMethod({ http, email: '' });
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('Type your email address above first.');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('mails a code for this sign-in and opens the code view with the answer', async () => {
    const http = fakeHttp(async () => SENT);
    const { goTo } = await renderMethod({ http, email: 'ana@partner.test' });
    await userEvent.click(button());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('emailCode', { email: 'ana@partner.test', ...SENT }));
    expect(http.post).toHaveBeenCalledWith('/login/email-code', { email: 'ana@partner.test', language: 'en_US' }, expect.objectContaining({ auth: 'none', headers: { session_code: 'sc-1' } }));
  });

  it('says how many seconds to wait when a code was asked for a moment ago', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-60001, 'wait', 429, { retryAfterSeconds: 42 })));
    const { goTo } = await renderMethod({ http, email: 'ana@partner.test' });
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('You asked for a code a moment ago. Try again in 42 s.');
    expect(button()).toBeDisabled();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('says other failures in the core words', async () => {
    const http = fakeHttp(async () => Promise.reject(new ApiError(-10000, 'unexpected', 500)));
    await renderMethod({ http, email: 'ana@partner.test' });
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('is disabled while the form signs in, and absent where the page has no code view', async () => {
    const http = fakeHttp(async () => SENT);
    const { unmount } = await renderMethod({ http, email: 'ana@partner.test', busy: true });
    expect(button()).toBeDisabled();
    unmount();
    await renderMethod({ http, email: 'ana@partner.test', views: ['signIn'] });
    expect(screen.queryByRole('button', { name: 'Email me a sign-in code' })).toBeNull();
  });
});
