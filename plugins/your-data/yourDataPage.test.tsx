import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ERROR_CODES, getToast, type HttpClient } from '@portal/plugin-api';
import { demoUser, renderPortal, setUser, testRegistry } from '@portal/plugin-api/testing';
import type { DataExport } from './contract';
import yourData from './index';
import YourDataPage, { sizeText } from './YourDataPage';

const PATH = `/accounts/${demoUser.accountId}/data-export`;
const AT = Date.UTC(2026, 10, 27, 9, 30);
const MAKING: DataExport = { state: 'queued', requestedAt: AT, readyAt: null, expiresAt: null, size: null, downloadedAt: null };
const READY: DataExport = { ...MAKING, state: 'ready', readyAt: AT + 30_000, expiresAt: AT + 7 * 86_400_000, size: 84_000 };

type Step = DataExport | null | ApiError;

/** The server: GET answers the next of `states` (the last one repeats); POST and DELETE and the download as given. */
function serverHttp(states: Step[], more: { ask?: Step; download?: Blob | ApiError } = {}) {
  let next = 0;
  const settle = (value: unknown) => (value instanceof ApiError ? Promise.reject(value) : Promise.resolve(value));
  const http = {
    get: vi.fn(() => settle(((v) => (v instanceof ApiError ? v : { export: v }))(states[Math.min(next++, states.length - 1)]))),
    post: vi.fn((path: string, body?: { password: string }) => {
      if (path === `${PATH}/download`) return settle(more.download ?? new Blob(['PK']));
      if (path === PATH) return settle(more.ask instanceof ApiError ? more.ask : { export: more.ask ?? MAKING });
      throw new Error(`unexpected POST ${path} ${JSON.stringify(body)}`);
    }),
    delete: vi.fn(() => Promise.resolve({ export: null })),
  };
  return { http, client: http as unknown as HttpClient };
}

async function renderPage(client: HttpClient) {
  setUser(demoUser);
  const registry = await testRegistry([yourData]);
  renderPortal(<YourDataPage timeZone="UTC" pollMs={20} />, { registry, http: client });
}

const saved: Array<{ name: string }> = [];
beforeEach(() => {
  saved.length = 0;
  // The browser's download: an object URL clicked on an anchor with `download`.
  vi.stubGlobal('URL', Object.assign(Object.create(URL) as object, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Your data page', () => {
  it('asks for a copy, follows it being made, and shows it ready without a reload', async () => {
    const { http, client } = serverHttp([null, MAKING, MAKING, READY]);
    await renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for a copy' }));
    expect(http.post).toHaveBeenCalledWith(PATH, undefined, { scope: 'regional' });
    expect(await screen.findByText('We are making your copy')).toBeInTheDocument();
    expect(await screen.findByText('Your copy is ready', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByText(/84 kB/)).toBeInTheDocument();
    // Ready: the page stops looking.
    const calls = http.get.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(http.get.mock.calls.length).toBe(calls);
  });

  it('downloads with the password: the file is saved, the password cleared, "last downloaded" read again', async () => {
    const { http, client } = serverHttp([READY, { ...READY, downloadedAt: AT + 60_000 }]);
    await renderPage(client);
    await userEvent.type(await screen.findByLabelText(/^Password/, { selector: 'input' }), 'Demo-pass-2024');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'unified-id-data-2026-11-27.zip' }]));
    expect(http.post).toHaveBeenCalledWith(`${PATH}/download`, { password: 'Demo-pass-2024' }, expect.objectContaining({ responseType: 'blob', scope: 'regional' }));
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('');
    expect(await screen.findByText(/Last downloaded on/)).toBeInTheDocument();
    expect(getToast()?.message).toBe('Your copy is downloading.');
  });

  it('says a wrong password at the field, keeps it for correcting, and saves nothing', async () => {
    const wrong = new ApiError(ERROR_CODES.wrongCredentials, undefined, 400, { remainAttempts: 3, failedAttempts: 2, lockedMinutes: 0 });
    const { client } = serverHttp([READY], { download: wrong });
    await renderPage(client);
    const field = await screen.findByLabelText(/^Password/, { selector: 'input' });
    await userEvent.type(field, 'nope{Enter}');
    expect(await screen.findByText('The password is not correct. 3 attempts left before your account is locked.')).toBeInTheDocument();
    expect(field).toHaveValue('nope');
    expect(field).toHaveFocus();
    expect(saved).toEqual([]);
  });

  it('an ID without a password yet is told how to set one', async () => {
    const notSet = new ApiError(ERROR_CODES.invalidParameter, undefined, 409, { field: 'password', reason: 'notSet' });
    const { client } = serverHttp([READY], { download: notSet });
    await renderPage(client);
    await userEvent.type(await screen.findByLabelText(/^Password/, { selector: 'input' }), 'anything{Enter}');
    expect(await screen.findByText('Your ID has no password yet. Set one with “Forgot password?” on the sign-in page, then download your copy.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('a copy that went away meanwhile is said and the page reads the state again', async () => {
    const gone = new ApiError(ERROR_CODES.invalidParameter, undefined, 404, { field: 'export' });
    const { client } = serverHttp([READY, null], { download: gone });
    await renderPage(client);
    await userEvent.type(await screen.findByLabelText(/^Password/, { selector: 'input' }), 'Demo-pass-2024{Enter}');
    expect(await screen.findByRole('button', { name: 'Ask for a copy' })).toBeInTheDocument();
    expect(getToast()?.message).toBe('This copy is no longer there. Ask for a new one.');
  });

  it('asking too often says when to try again; the page stays as it was', async () => {
    const limited = new ApiError(ERROR_CODES.rateLimited, undefined, 429, { retryAfterSeconds: 3 * 3600 });
    const { client } = serverHttp([null], { ask: limited });
    await renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for a copy' }));
    await waitFor(() => expect(getToast()?.message).toBe('You have asked for a copy often today. Please try again in 180 min.'));
    expect(screen.getByRole('button', { name: 'Ask for a copy' })).toBeEnabled();
  });

  it('deletes a ready copy', async () => {
    const { http, client } = serverHttp([READY]);
    await renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete copy now' }));
    expect(http.delete).toHaveBeenCalledWith(PATH, undefined, { scope: 'regional' });
    expect(await screen.findByRole('button', { name: 'Ask for a copy' })).toBeInTheDocument();
  });

  it('a failed load offers to try again, which reads the state again', async () => {
    const { client } = serverHttp([new ApiError(0, undefined, 0), null]);
    await renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Ask for a copy' })).toBeInTheDocument();
  });
});

describe('sizeText', () => {
  it('writes kB and MB in the page language', () => {
    expect(sizeText(84_000, 'en-US')).toBe('84 kB');
    expect(sizeText(1_284_000, 'en-US')).toBe('1.3 MB');
    expect(sizeText(12, 'en-US')).toBe('1 kB');
    expect(sizeText(1_284_000, 'de-DE')).toBe('1,3 MB');
  });
});

describe('the plugin', () => {
  it('routes its page at the path the server mails (contract.ts)', async () => {
    const { YOUR_DATA_PATH } = await import('./contract');
    expect(yourData.routes?.[0]?.path).toBe(YOUR_DATA_PATH);
    expect(yourData.menu?.[0]?.path).toBe(YOUR_DATA_PATH);
  });
});
