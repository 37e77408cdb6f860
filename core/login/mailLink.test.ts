import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { testDeployment } from '../testing/portalHarness';
import { stripTokensFromUrl, takeMailLinkToken } from '../session/urlTokens';
import { takeCarriedLoginParams } from './carry';
import { forgetMailLinkToken, mailLinkToken, resetMailLinkTokenForTests, signInAfterMailLink } from './mailLink';

const http = (allowUrls: string[]) => ({ get: vi.fn(async () => ({ allowUrls })) }) as unknown as HttpClient;

beforeEach(() => {
  takeMailLinkToken();
  resetMailLinkTokenForTests();
  sessionStorage.clear();
});

describe('mailed link pages', () => {
  it('hold the token for the page once taken from the address, until the link is done', () => {
    window.history.replaceState(null, '', '/login?module=activation#token=use.abc');
    stripTokensFromUrl(window);
    expect(mailLinkToken()).toBe('use.abc');
    expect(mailLinkToken()).toBe('use.abc'); // a view that suspended asks again
    expect(takeMailLinkToken()).toBeNull(); // nobody else gets it
    forgetMailLinkToken();
    expect(mailLinkToken()).toBeNull();
  });

  it('sign in at the connected service the flow started from when its origin is allowed, with the address carried', async () => {
    const location = { origin: 'https://id.example', assign: vi.fn() };
    const navigate = vi.fn();
    await signInAfterMailLink({ email: 'a@b.example', serviceUrl: 'https://service.example/app/' }, { http: http(['https://service.example']), config: testDeployment, navigate, location });
    expect(location.assign).toHaveBeenCalledWith('https://service.example/app/');
    expect(navigate).not.toHaveBeenCalled();
    expect(takeCarriedLoginParams()).toEqual({ email: 'a@b.example' });
  });

  it('never follow a service URL off the allow-list; the portal (no service) starts at the authorize entry', async () => {
    const location = { origin: 'https://id.example', assign: vi.fn() };
    const navigate = vi.fn();
    await signInAfterMailLink({ email: 'a@b.example', serviceUrl: 'https://service.example.evil.test/' }, { http: http(['https://service.example']), config: testDeployment, navigate, location });
    await signInAfterMailLink({ email: 'a@b.example', serviceUrl: null }, { http: http([]), config: testDeployment, navigate, location });
    expect(location.assign).not.toHaveBeenCalled();
    expect(navigate.mock.calls).toEqual([['/'], ['/']]);
  });
});
