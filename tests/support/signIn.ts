import { createHash, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TokenExchangeResult } from '../../core/contract/api';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../../core/contract/headers';

/** The portal's request header: calls made here "as the portal" send it, as the SPA does. */
export const PORTAL_HEADERS: Readonly<Record<string, string>> = { [HEADERS.portalRequest]: PORTAL_REQUEST_VALUE };

/** A fresh browser (a context of its own) on the sign-in page, its login session started. */
export async function openSignInPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  return { context, page };
}

/** Types an address its company signs in (enterprise sign-in): no password field, and on to its provider. */
export async function continueWithCompany(page: Page, email: string, company: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  const go = page.getByRole('button', { name: `Continue with ${company}` });
  await go.waitFor();
  if (await page.getByRole('textbox', { name: 'Password' }).isVisible()) throw new Error(`a password field for ${email}, which ${company} signs in`);
  await go.click();
}

/**
 * Sign in through the real OAuth hand-off, as the portal's own client would:
 * authorize (PKCE S256) -> login page session code -> POST /login -> code -> POST /token.
 * Runs on the browser context's request API, so the SSO cookie lands in the browser too.
 */
export async function signInThroughApi(context: BrowserContext, baseUrl: string, email: string, password: string): Promise<TokenExchangeResult> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/token`;
  const authorize = new URL(`${baseUrl}/api/authorize`);
  Object.entries({ client_id: 'portal', redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 'e2e' })
    .forEach(([k, v]) => authorize.searchParams.set(k, v));

  const toLogin = await context.request.get(authorize.toString(), { maxRedirects: 0 });
  const loginUrl = new URL(toLogin.headers()['location'] ?? '', baseUrl);
  const sessionCode = loginUrl.searchParams.get('session_code');
  if (!sessionCode) throw new Error(`authorize did not hand out a session code (${toLogin.status()})`);

  const login = await context.request.post(`${baseUrl}/api/login`, { headers: { ...PORTAL_HEADERS, session_code: sessionCode }, data: { email, password } });
  const loginBody = (await login.json()) as { result?: { serviceUrl: string; redirectParams: Record<string, string> }; errorCode?: number };
  if (!loginBody.result) throw new Error(`sign-in failed: ${JSON.stringify(loginBody)}`);
  const next = new URL(loginBody.result.serviceUrl, baseUrl);
  Object.entries(loginBody.result.redirectParams).forEach(([k, v]) => next.searchParams.set(k, v));

  const toToken = await context.request.get(next.toString(), { maxRedirects: 0 });
  const tokenUrl = new URL(toToken.headers()['location'] ?? '', baseUrl);
  const code = tokenUrl.searchParams.get('code');
  if (!code) throw new Error(`no authorization code (${toToken.status()} ${tokenUrl})`);

  const token = await context.request.post(`${baseUrl}/api/token`, {
    data: { grant_type: 'authorization_code', client_id: 'portal', code, code_verifier: verifier, redirect_uri: redirectUri },
  });
  const tokenBody = (await token.json()) as { result?: TokenExchangeResult };
  if (!tokenBody.result) throw new Error(`token exchange failed: ${JSON.stringify(tokenBody)}`);
  return tokenBody.result;
}

/**
 * Put the tokens where the portal keeps them (spec section 3 keys). It writes them from a
 * same-origin API page, so no portal script runs (and reacts) before they are in place.
 */
export async function seedTokens(page: Page, baseUrl: string, tokens: TokenExchangeResult): Promise<void> {
  await page.goto(`${baseUrl}/api/redirect/allow-urls`);
  await page.evaluate((t) => {
    localStorage.setItem('tokenType', t.tokenType);
    localStorage.setItem('accessToken', t.accessToken);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, tokens);
}
