/**
 * Performance budget of the login route: load /login in Chromium, wait until the network
 * is idle, then sum the gzip size of every script the page fetched and count requests.
 * Fails above 150 KB of gzip JavaScript. Run: `npm run budget` (after a build).
 */
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../support/browser';
import { startPortal } from '../support/portal';

export const BUDGET_BYTES = 150 * 1024;

export interface BudgetResult {
  scripts: Array<{ url: string; gzip: number }>;
  scriptBytes: number;
  requests: number;
}

export async function measureLogin(baseUrl: string, path = '/login', viewport = { width: 1366, height: 900 }): Promise<BudgetResult> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport });
    const scripts: Array<{ url: string; gzip: number }> = [];
    let requests = 0;
    const pending: Promise<void>[] = [];
    page.on('request', () => {
      requests += 1;
    });
    const seen = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // /login first passes the authorize entry (a second document): an immutable asset counts once.
      if (seen.has(response.url())) return;
      seen.add(response.url());
      pending.push(
        response.body().then(
          (body) => {
            scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
          },
          () => undefined,
        ),
      );
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // The login view is what counts: wait until the form is there, then for the network to settle.
    if (path.startsWith('/login')) await page.waitForSelector('form', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    scripts.sort((a, b) => b.gzip - a.gzip);
    return { scripts, scriptBytes: scripts.reduce((sum, s) => sum + s.gzip, 0), requests };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const portal = await startPortal();
  try {
    const result = await measureLogin(portal.url);
    for (const s of result.scripts) console.log(`${(s.gzip / 1024).toFixed(1).padStart(7)} KB  ${s.url}`);
    const kb = (result.scriptBytes / 1024).toFixed(1);
    console.log(`budget: /login fetched ${result.scripts.length} scripts, ${kb} KB gzip JavaScript, ${result.requests} requests (limit ${BUDGET_BYTES / 1024} KB)`);
    if (result.scriptBytes > BUDGET_BYTES) {
      console.error(`budget: FAILED, ${kb} KB is over ${BUDGET_BYTES / 1024} KB`);
      process.exitCode = 1;
    }
  } finally {
    await portal.stop();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
