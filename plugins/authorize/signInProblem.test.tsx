import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpClient, SIGN_IN_PROBLEM_PATH } from '@portal/plugin-api';
import { renderPortal, testRegistry } from '@portal/plugin-api/testing';
import authorize from './index';
import SignInProblemView, { problemKind } from './SignInProblemView';

afterEach(() => vi.unstubAllGlobals());

function open(search: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, search, assign });
  return assign;
}

describe('the sign-in problem page', () => {
  it('is a route of the authorize plugin', async () => {
    const registry = await testRegistry([authorize]);
    expect(registry.routes.map((r) => r.value.path)).toContain(SIGN_IN_PROBLEM_PATH);
  });

  it("has the portal's header: the brand and the language menu, like the login pages", async () => {
    open('?kind=redirectUri');
    renderPortal(<SignInProblemView />, { registry: await testRegistry([authorize]), http: {} as HttpClient });
    const header = await screen.findByRole('banner');
    expect(header.textContent).toContain('Unified ID');
    expect(within(header).getByRole('button', { name: /English/ })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('takes only a known kind from the address; anything else reads as a bad request', () => {
    expect(problemKind(new URLSearchParams('kind=redirectUri'))).toBe('redirectUri');
    expect(problemKind(new URLSearchParams('kind=<b>x</b>'))).toBe('invalidRequest');
    expect(problemKind(new URLSearchParams(''))).toBe('invalidRequest');
  });

  it("says the kind's fixed message, never text from the address, and starts again", async () => {
    const assign = open('?kind=redirectUri&error_description=INJECTED');
    renderPortal(<SignInProblemView />, { registry: await testRegistry([authorize]), http: {} as HttpClient });
    expect(await screen.findByRole('heading', { name: 'Sign-in could not be completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The service that sent you here gave a return address this portal does not allow. For your security, you were not sent there.');
    expect(document.body.textContent).not.toContain('INJECTED');
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it.each([
    ['responseType', 'asked for a kind of sign-in this portal does not offer'],
    ['scope', 'asked for access this portal does not grant'],
    ['pkce', 'did not secure its sign-in request as this portal requires'],
    ['returnTo', 'asked to return you to an address this portal does not allow'],
    ['unavailable', 'is not available on this portal'],
  ] as const)('words the kind %s', async (kind, words) => {
    open(`?kind=${kind}`);
    renderPortal(<SignInProblemView />, { registry: await testRegistry([authorize]), http: {} as HttpClient });
    expect((await screen.findByRole('alert')).textContent).toContain(words);
  });

  it('offers the way back to a service on the allow-list, and support where the deployment has a link', async () => {
    const assign = open(`?kind=scope&service=${encodeURIComponent('https://svc.example/home')}`);
    const http = { get: vi.fn(async () => ({ allowUrls: ['https://svc.example'] })) } as unknown as HttpClient;
    renderPortal(<SignInProblemView />, { registry: await testRegistry([authorize], { authorize: { supportUrl: 'https://help.example/' } }), http });
    await userEvent.click(await screen.findByRole('button', { name: 'Back to the service' }));
    expect(assign).toHaveBeenCalledWith('https://svc.example/home');
    expect(screen.queryByRole('button', { name: 'Start again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('https://help.example/');
  });

  it('never offers a service off the allow-list: the sign-in instead', async () => {
    open(`?kind=scope&service=${encodeURIComponent('https://evil.example/')}`);
    const http = { get: vi.fn(async () => ({ allowUrls: ['https://svc.example'] })) } as unknown as HttpClient;
    renderPortal(<SignInProblemView />, { registry: await testRegistry([authorize]), http });
    await vi.waitFor(() => expect(http.get).toHaveBeenCalled());
    await screen.findByRole('button', { name: 'Start again' });
    expect(screen.queryByRole('button', { name: 'Back to the service' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
  });
});
