/**
 * Test support: a browser's walk through a provider's pages (cookies per path, redirects followed
 * until one leaves for the client's redirect URI, the sign-in form posted), for the tests of the
 * local provider and of the portal's enterprise sign-in.
 */
import { expect } from 'vitest';

/** Cookies by name and path, sent where the path matches: enough for one host on plain HTTP. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const expired = !value || attributes.some((a) => /^expires=Thu, 01 Jan 1970/i.test(a) || /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export async function send(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
  jar.store(res);
  return res;
}

/** Follows redirects until one leaves for the client's redirect URI (returned) or a page answers (returned). */
export async function follow(jar: CookieJar, first: Response, from: URL, redirectUri: string): Promise<{ page?: Response; pageUrl: URL; callback?: URL }> {
  let res = first;
  let url = from;
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { page: res, pageUrl: url };
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return { callback: url, pageUrl: url };
    res = await send(jar, url);
  }
  throw new Error('too many redirects');
}

/** Authorization URL → the sign-in page (its HTML and the form's URL). */
export async function openSignIn(jar: CookieJar, url: URL, redirectUri: string) {
  const walk = await follow(jar, await send(jar, url), url, redirectUri);
  expect(walk.page?.status).toBe(200);
  const html = await walk.page!.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  return { html, pageUrl: walk.pageUrl, formUrl: new URL(action!, walk.pageUrl) };
}

export function postForm(jar: CookieJar, url: URL, fields: Record<string, string>): Promise<Response> {
  return send(jar, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

