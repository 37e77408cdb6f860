/**
 * Performance budget of the login route: load /login in Chromium, wait until the network
 * is idle, then sum the gzip size of every script the page fetched and count requests.
 * Fails above 150 KB of gzip JavaScript, and when the sign-in form needs more than 12 requests or
 * a request chain deeper than 4 round trips before it shows (issue 17; counted from the login page's
 * own document: a bare /login first passes the authorize entry; depth as tests/perf/requestChain.ts
 * defines it, from the initiators Chromium reports over CDP). Run: `npm run budget`.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { startPortal } from '../support/portal';
import { chainDepth, chainDepths, type RecordedRequest } from './requestChain';

export const BUDGET_BYTES = 150 * 1024;
/**
 * Requests of the login page's document until its form shows, and their round trips one after another
 * (issue 17). It took 47 requests before the manifests came as one chunk per config; 19 once the login
 * page's shared core code became one chunk (core/build/loginChunks.mjs) and each manifest group got its
 * own copy of its plugins' config.ts; 17 with the first views' locale namespaces in one file per language
 * (`_first.json`); 12 once the help-desk notice loaded only on help-desk sign-ins, the tab icon came
 * inline and the server wrote the branding call's answer into the page.
 */
export const FORM_REQUESTS = 12;
export const FORM_CHAIN_DEPTH = 4;

export interface BudgetResult {
  scripts: Array<{ url: string; gzip: number }>;
  scriptBytes: number;
  requests: number;
  /** From the login page's document until the form showed; `urls` as "<depth>  <path>". */
  form: { requests: number; chainDepth: number; urls: string[] };
}

interface CdpInitiator {
  type: string;
  url?: string;
  stack?: CdpStack;
}
interface CdpStack {
  callFrames: Array<{ url: string }>;
  parent?: CdpStack;
}

/** The script whose code made a request: the nearest stack frame with a URL (async parents too). */
function stackUrl(stack: CdpStack | undefined): string | undefined {
  for (let s = stack; s; s = s.parent) {
    const frame = s.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/** Every request of the page as CDP reports it (initiator, sent and finished times). */
async function recordRequests(page: Page): Promise<Map<string, RecordedRequest>> {
  const records = new Map<string, RecordedRequest>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; type?: string; timestamp: number; initiator: CdpInitiator; redirectResponse?: unknown }) => {
    const known = records.get(e.requestId);
    // A redirect is the same request going on: it keeps its first time and initiator.
    if (known && e.redirectResponse) {
      known.url = e.request.url;
      return;
    }
    const url = e.initiator.type === 'script' ? (stackUrl(e.initiator.stack) ?? e.initiator.url) : e.initiator.url;
    records.set(e.requestId, { id: e.requestId, url: e.request.url, type: e.type ?? 'Other', sentAt: e.timestamp, initiator: { type: e.initiator.type, url } });
  });
  const ended = (e: { requestId: string; timestamp: number }) => {
    const record = records.get(e.requestId);
    if (record) record.endedAt = e.timestamp;
  };
  cdp.on('Network.loadingFinished', ended);
  cdp.on('Network.loadingFailed', ended);
  return records;
}

/** The requests of the last document (the login page itself) up to now. */
function ofLastDocument(records: Map<string, RecordedRequest>): RecordedRequest[] {
  const all = [...records.values()].filter((r) => !r.url.startsWith('data:')).sort((a, b) => a.sentAt - b.sentAt);
  const documents = all.filter((r) => r.type === 'Document');
  const last = documents[documents.length - 1];
  return last ? all.filter((r) => r.sentAt >= last.sentAt) : all;
}

export async function measureLogin(baseUrl: string, path = '/login', viewport = { width: 1366, height: 900 }): Promise<BudgetResult> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport });
    const records = await recordRequests(page);
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
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    // The login view is what counts: what it took until the form showed, then the rest until the network settles.
    let form: RecordedRequest[] = [];
    if (path.startsWith('/login')) {
      await page.waitForSelector('form', { state: 'visible', timeout: 30_000 });
      form = ofLastDocument(records);
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    scripts.sort((a, b) => b.gzip - a.gzip);
    return {
      scripts,
      scriptBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
      requests,
      form: { requests: form.length, chainDepth: chainDepth(form), urls: form.map((r) => `${chainDepths(form).get(r.id)}  ${new URL(r.url).pathname}`) },
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const maxRequests = FORM_REQUESTS;
  const portal = await startPortal();
  try {
    const result = await measureLogin(portal.url);
    for (const s of result.scripts) console.log(`${(s.gzip / 1024).toFixed(1).padStart(7)} KB  ${s.url}`);
    const kb = (result.scriptBytes / 1024).toFixed(1);
    console.log(`budget: /login fetched ${result.scripts.length} scripts, ${kb} KB gzip JavaScript, ${result.requests} requests (limit ${BUDGET_BYTES / 1024} KB)`);
    console.log(`budget: the sign-in form showed after ${result.form.requests} requests of its document, ${result.form.chainDepth} round trips deep (limits ${maxRequests} and ${FORM_CHAIN_DEPTH})`);
    const failures = [
      result.scriptBytes > BUDGET_BYTES && `${kb} KB is over ${BUDGET_BYTES / 1024} KB`,
      result.form.requests > maxRequests && `the form needed ${result.form.requests} requests, more than ${maxRequests}`,
      result.form.chainDepth > FORM_CHAIN_DEPTH && `the form's request chain is ${result.form.chainDepth} round trips deep, more than ${FORM_CHAIN_DEPTH}`,
    ].filter((f): f is string => typeof f === 'string');
    if (failures.length) {
      for (const url of result.form.urls) console.error(`  ${url}`);
      for (const f of failures) console.error(`budget: FAILED, ${f}`);
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
