import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient } from '@portal/plugin-api';
import { renderPortal, resetMailLinkTokenForTests, stripTokensFromUrl, testRegistry } from '@portal/plugin-api/testing';
import AppLinkPage from './AppLinkPage';
import type { AppLinkState } from './contract';
import socialSignIn from './index';

const CONFIRM: AppLinkState = { status: 'confirm', provider: 'google', email: 'ana@partner.example', appName: 'Partner App', returnUri: null };
const RETURN = 'com.vendor.partnerapp://unified-id/linked';
const GOOGLE = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=portal&state=s1';

type Answer = unknown | (() => unknown);
/** The server by path (an ApiError is thrown), recording each call. */
function server(answers: Record<string, Answer>) {
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  const reply = (path: string) => {
    const given = answers[path];
    const value = typeof given === 'function' ? (given as () => unknown)() : given;
    if (value instanceof ApiError) throw value;
    if (value === undefined) throw new Error(`unexpected call ${path}`);
    return value;
  };
  const http = {
    get: vi.fn(async (path: string) => (calls.push({ method: 'GET', path }), reply(path))),
    post: vi.fn(async (path: string, body: unknown) => (calls.push({ method: 'POST', path, body }), reply(path))),
  } as unknown as HttpClient;
  return { http, calls };
}

const assign = vi.fn();
function openedAt(address: string) {
  vi.unstubAllGlobals();
  resetMailLinkTokenForTests(); // a page load
  window.history.replaceState(null, '', address);
  stripTokensFromUrl(window);
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
}

async function renderPage(http: HttpClient) {
  const registry = await testRegistry([socialSignIn]);
  return renderPortal(<AppLinkPage />, { registry, http });
}

beforeEach(() => assign.mockReset());
afterEach(() => {
  vi.unstubAllGlobals();
  resetMailLinkTokenForTests();
});

describe('AppLinkPage: the device browser a partner app opened', () => {
  it('takes the ticket out of the address, opens it once, and names the ID and the app before anything else', async () => {
    openedAt('/social/app-link#token=ticket-1');
    expect(window.location.hash).toBe('');
    const { http, calls } = server({ '/social/app-link/open': CONFIRM });
    await renderPage(http);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Google to this ID?' })).toBeInTheDocument();
    expect(screen.getByText('ana@partner.example')).toBeInTheDocument();
    expect(screen.getByText('Partner App asked to link a Google account to this ID:')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/social/app-link/open', body: { ticket: 'ticket-1' } }]);
    expect(document.body.innerHTML).not.toContain('ticket-1');
    // Nothing goes to Google by itself.
    expect(assign).not.toHaveBeenCalled();
  });

  it('a reload (no ticket) reads the hand-off by its cookie', async () => {
    openedAt('/social/app-link');
    const { http, calls } = server({ '/social/app-link': CONFIRM });
    await renderPage(http);
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(calls).toEqual([{ method: 'GET', path: '/social/app-link' }]);
  });

  it('Continue goes to the provider; an address that is not one stays put and says so', async () => {
    openedAt('/social/app-link');
    const { http } = server({ '/social/app-link': CONFIRM, '/social/app-link/start': { location: GOOGLE } });
    await renderPage(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE));

    assign.mockReset();
    const odd = server({ '/social/app-link': CONFIRM, '/social/app-link/start': { location: 'javascript:alert(1)' } });
    cleanup();
    await renderPage(odd.http);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("back from the provider, only Link links: the review names the provider's account and the ID", async () => {
    openedAt('/social/app-link');
    const review = { ...CONFIRM, status: 'review' as const, providerEmail: 'ana.private@gmail.example' };
    const { http, calls } = server({ '/social/app-link': review, '/social/app-link/finish': { ...CONFIRM, status: 'linked', returnUri: RETURN } });
    await renderPage(http);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link this Google account?' })).toBeInTheDocument();
    expect(screen.getByText('ana.private@gmail.example')).toBeInTheDocument();
    expect(screen.getByText('ana@partner.example')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/social/app-link']);
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Google is linked' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/social/app-link', '/social/app-link/finish']);
  });

  it('Cancel links nothing and offers the way back to the app, which goes to the app config\'s address', async () => {
    openedAt('/social/app-link');
    const { http, calls } = server({ '/social/app-link': CONFIRM, '/social/app-link/cancel': { ...CONFIRM, status: 'failed', failure: 'cancelled', returnUri: RETURN } });
    await renderPage(http);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing was linked.');
    expect(calls.map((c) => c.path)).toEqual(['/social/app-link', '/social/app-link/cancel']);
    await userEvent.click(screen.getByRole('button', { name: 'Back to Partner App' }));
    expect(assign).toHaveBeenCalledWith(RETURN);
  });

  it('never follows a way back that is not an app address (javascript:, data:, http:)', async () => {
    for (const returnUri of ['javascript:alert(1)', 'data:text/html,hi', 'http://evil.example/']) {
      cleanup();
      openedAt('/social/app-link');
      const { http } = server({ '/social/app-link': { ...CONFIRM, status: 'linked', returnUri } });
      const { unmount } = await renderPage(http);
      expect(await screen.findByText('You can close this page and go back to Partner App.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Back to/ })).toBeNull();
      unmount();
    }
  });

  it('a ticket opened already (or too late) says so; a failed call keeps the ticket for Try again', async () => {
    openedAt('/social/app-link#token=ticket-2');
    let first = true;
    const { http, calls } = server({
      '/social/app-link/open': () => {
        if (first) {
          first = false;
          return new ApiError(0, undefined, 0);
        }
        return CONFIRM;
      },
    });
    await renderPage(http);
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/social/app-link/open', { ticket: 'ticket-2' }],
      ['/social/app-link/open', { ticket: 'ticket-2' }],
    ]);

    cleanup();
    openedAt('/social/app-link#token=ticket-3');
    const gone = server({ '/social/app-link/open': new ApiError(-20651, 'gone', 404) });
    await renderPage(gone.http);
    expect(await screen.findByRole('heading', { level: 1, name: "This link can't be used" })).toBeInTheDocument();
  });
});
