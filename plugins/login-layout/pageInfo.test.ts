import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '@portal/plugin-api';
import { fetchPageInfo, safeImageUrl, writtenPageInfo } from './pageInfo';

const INFO = { title: 'Demo Service', logoUrl: '/api/branding/demo-logo.svg', language: 'de_DE' };

function writeInfo(sessionCode: string, json: string = JSON.stringify(INFO)): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'login-page-info';
  script.dataset['sessionCode'] = sessionCode;
  script.textContent = json;
  document.head.append(script);
}

afterEach(() => document.getElementById('login-page-info')?.remove());

describe("the login page's branding", () => {
  it("takes the server's answer written into the page for the same session code, once, without a call", async () => {
    writeInfo('code-1');
    const get = vi.fn(async () => ({ title: 'From the call' }));
    const http = { get } as unknown as HttpClient;
    expect(await fetchPageInfo(http, 'code-1')).toEqual(INFO);
    expect(get).not.toHaveBeenCalled();
    expect(document.getElementById('login-page-info')).toBeNull();
    // Asked again (a re-authentication, another look): the server is asked.
    expect(await fetchPageInfo(http, 'code-1')).toEqual({ title: 'From the call' });
    expect(get).toHaveBeenCalledWith('/client/custom/banner-and-logo', { query: { sessionCode: 'code-1' }, auth: 'none' });
  });

  it('asks the server when the page was written for another session code, or for none', async () => {
    writeInfo('code-1');
    const get = vi.fn(async () => ({ title: 'From the call' }));
    expect(await fetchPageInfo({ get } as unknown as HttpClient, 'code-2')).toEqual({ title: 'From the call' });
    expect(document.getElementById('login-page-info')).not.toBeNull();
    expect(await fetchPageInfo({ get } as unknown as HttpClient, null, 'demo-service')).toEqual({ title: 'From the call' });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('ignores what is not a JSON object', () => {
    writeInfo('c', '[1]');
    expect(writtenPageInfo('c')).toBeNull();
    writeInfo('c', '{not json');
    expect(writtenPageInfo('c')).toBeNull();
    writeInfo('c', 'null');
    expect(writtenPageInfo('c')).toBeNull();
  });
});

describe('a logo source', () => {
  it('is the bytes the server wrote for that address, else http(s) or a same-origin path, nothing else', () => {
    expect(safeImageUrl('/api/branding/logo.svg')).toBe(`${window.location.origin}/api/branding/logo.svg`);
    writeInfo('c', JSON.stringify({ ...INFO, inlineImages: { '/api/branding/logo.svg': 'data:image/svg+xml;base64,PHN2Zy8+', '/x.svg': 'data:text/html;base64,PHNjcmlwdD4=' } }));
    expect(writtenPageInfo('c')).toEqual(INFO);
    expect(safeImageUrl('/api/branding/logo.svg')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    // Only image data is taken.
    expect(safeImageUrl('/x.svg')).toBe(`${window.location.origin}/x.svg`);
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zy8+')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
  });
});
