/**
 * `npm run lighthouse`: Lighthouse's mobile run (simulated slow 4G, 4x CPU slow-down) of the two
 * ways into the login page, in Debian's Chromium against the built portal and the reference server:
 * - `/login?session_code=…`, a connected service's hand-off, with that service's white-label
 *   branding (logo, theme);
 * - a bare `/login`, which first has to start a login session at /authorize.
 * Prints the scores and paint times. Fails when a paint time, the layout shift, accessibility or
 * the depth of the critical request chain misses the goal. The performance score is printed and
 * compared, but asserted only with `--strict-score`: on a shared 2-core machine it moves with the
 * load, while the simulated (lantern) paint times come from the page's dependency graph and hardly do.
 * Until the goal is met, `npm test` holds the figures that have landed (`LANDED`, a ratchet) and
 * prints what still misses the goal; `--goal` asserts the goal itself.
 * Options: `--runs N` (median of N runs per entry, default 1), `--goal`, `--strict-score`, `--json <file>`,
 * `--languages all|<code>,…` (the hand-off once more in each of those languages),
 * `--lhr <dir>` (each run's full Lighthouse report, to see what the paints and chains were).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { isLanguageCode, LANGUAGE_CODES } from '../../core/i18n/languages';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

export interface EntryGoal {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  /** Round trips in the longest critical request chain (the document counts as one). */
  chainDepth: number;
}

/** The goal (issue 17 "Instant login"): asserted with `--goal`. */
export const GOALS: Record<'handOff' | 'bare', EntryGoal> = {
  handOff: { performance: 0.95, accessibility: 1, fcpMs: 1500, lcpMs: 2000, cls: 0.02, chainDepth: 4 },
  bare: { performance: 0.9, accessibility: 1, fcpMs: 1500, lcpMs: 2000, cls: 0.02, chainDepth: 4 },
};

/**
 * What has landed, held by `npm test` until the goal is met: a ratchet a little above today's
 * figures with the login shell (server/http/loginShell.ts; under load average 12-17: hand-off first
 * paint 0.65-0.75 s, largest 0.8-2.3 s; bare 1.1-1.2 s, 1.4-2.6 s), below where the page was before
 * it (hand-off 2.8-3.0 / 3.0-3.4 s, bare 3.2-3.7 / 3.5-3.9 s), so a change that undoes it fails.
 * The largest paint moves with the load (Lighthouse's simulation counts the app's scripts when the
 * real paint came after they started). Lower it as the page gets faster; it meets GOALS when the issue is done.
 */
export const LANDED: Record<'handOff' | 'bare', EntryGoal> = {
  handOff: { performance: 0.8, accessibility: 1, fcpMs: 1500, lcpMs: 2900, cls: 0.02, chainDepth: 4 },
  bare: { performance: 0.8, accessibility: 1, fcpMs: 1800, lcpMs: 3100, cls: 0.02, chainDepth: 4 },
};

export interface EntryResult {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  chainDepth: number;
  requests: number;
  redirectsMs: number;
}

interface ChainNode {
  children?: Record<string, ChainNode>;
}

/** Depth of the deepest branch of Lighthouse's critical-request-chains tree (document = 1). */
export function chainDepth(chains: Record<string, ChainNode> | undefined): number {
  if (!chains) return 0;
  let deepest = 0;
  for (const node of Object.values(chains)) deepest = Math.max(deepest, 1 + chainDepth(node.children));
  return deepest;
}

/** What misses the goal, one line each (empty: all met). `strictScore` also holds the score to it. */
export function misses(result: EntryResult, goal: EntryGoal, strictScore: boolean): string[] {
  const out: string[] = [];
  if (result.fcpMs > goal.fcpMs) out.push(`first contentful paint ${Math.round(result.fcpMs)} ms > ${goal.fcpMs} ms`);
  if (result.lcpMs > goal.lcpMs) out.push(`largest contentful paint ${Math.round(result.lcpMs)} ms > ${goal.lcpMs} ms`);
  if (result.cls >= goal.cls) out.push(`layout shift ${result.cls.toFixed(3)} ≥ ${goal.cls}`);
  if (result.accessibility < goal.accessibility) out.push(`accessibility ${result.accessibility} < ${goal.accessibility}`);
  if (result.chainDepth > goal.chainDepth) out.push(`critical request chain ${result.chainDepth} round trips > ${goal.chainDepth}`);
  if (strictScore && result.performance < goal.performance) out.push(`performance ${result.performance} < ${goal.performance}`);
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A white-label service whose hand-off the first entry measures (its own logo and theme). */
const REDIRECT_URI = 'http://127.0.0.1:9/lighthouse-partner/cb';
const SERVICE = {
  id: 'lighthouse-partner',
  name: 'Green Partner',
  redirectUris: [REDIRECT_URI],
  branding: {
    title: 'Green Partner',
    logoUrl: '/api/branding/partner-wide.svg',
    theme: { name: 'default', overrides: { colors: { primary: '#0a7d4f', primaryHover: '#075e3b', focus: '#0a7d4f' } } },
  },
};

/** A fresh login session of the service, as the service starts one (authorize with PKCE): its /login URL. */
async function handOffUrl(portal: RunningPortal, lang: string): Promise<string> {
  const authorize = new URL(`${portal.url}/api/authorize`);
  const params = { client_id: SERVICE.id, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 's', lang };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  const res = await fetch(authorize, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location || !location.includes('session_code=')) throw new Error(`authorize answered ${res.status} without a session code (${location ?? 'no Location'})`);
  return new URL(location, portal.url).toString();
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function resultOf(lhr: Lhr): EntryResult {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const chains = lhr.audits['critical-request-chains']?.details as { chains?: Record<string, ChainNode> } | undefined;
  const requests = lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    speedIndexMs: num('speed-index'),
    chainDepth: chainDepth(chains?.chains),
    requests: requests?.items?.length ?? 0,
    redirectsMs: num('redirects'),
  };
}

async function runOnce(url: string, port: number, lhrFile?: string): Promise<EntryResult> {
  const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!run) throw new Error(`lighthouse returned nothing for ${url}`);
  if (run.lhr.runtimeError) throw new Error(`lighthouse: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
  if (lhrFile) fs.writeFileSync(lhrFile, JSON.stringify(run.lhr, null, 1));
  return resultOf(run.lhr);
}

function medianResult(runs: EntryResult[]): EntryResult {
  const pick = (key: keyof EntryResult) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    speedIndexMs: pick('speedIndexMs'),
    chainDepth: Math.max(...runs.map((r) => r.chainDepth)),
    requests: pick('requests'),
    redirectsMs: pick('redirectsMs'),
  };
}

function line(name: string, r: EntryResult): string {
  return (
    `${name.padEnd(28)} performance ${r.performance.toFixed(2)}  accessibility ${r.accessibility.toFixed(2)}  ` +
    `FCP ${Math.round(r.fcpMs)} ms  LCP ${Math.round(r.lcpMs)} ms  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbtMs)} ms  ` +
    `SI ${Math.round(r.speedIndexMs)} ms  chain ${r.chainDepth}  requests ${r.requests}  redirects ${Math.round(r.redirectsMs || 0)} ms`
  );
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = Math.max(1, Number(option(args, '--runs') ?? 1));
  const strictScore = args.includes('--strict-score');
  const held = args.includes('--goal') ? GOALS : LANDED;
  const jsonOut = option(args, '--json');
  const lhrDir = option(args, '--lhr');
  const asked = option(args, '--languages');
  const languages = asked === 'all' ? [...LANGUAGE_CODES] : (asked?.split(',').filter(isLanguageCode) ?? []);
  if (lhrDir) fs.mkdirSync(lhrDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-lighthouse-'));
  fs.mkdirSync(path.join(dir, 'profile'));
  const portal = await startPortal({ clients: [SERVICE] });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const failures: string[] = [];
  const report: Record<string, EntryResult> = {};
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'],
      userDataDir: path.join(dir, 'profile'),
      logLevel: 'silent',
    });
    console.log(`lighthouse 12 mobile (simulated slow 4G, 4x CPU), Chromium ${CHROMIUM_PATH}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const entries: Array<{ key: keyof typeof GOALS; name: string; url: () => Promise<string> }> = [
      { key: 'handOff', name: '/login?session_code=…', url: () => handOffUrl(portal, 'en-US') },
      { key: 'bare', name: '/login', url: async () => `${portal.url}/login` },
      // `--languages all|ar_SA,de_DE,…`: the hand-off again in each language (its locale file, its script, right to left).
      ...languages.map((language) => ({
        key: 'handOff' as const,
        name: `/login?session_code=…&lang=${language}`,
        url: async () => `${await handOffUrl(portal, 'en-US')}&lang=${language}`,
      })),
    ];
    for (const entry of entries) {
      const results: EntryResult[] = [];
      // A login session is used up by its page: each run starts a new one.
      for (let i = 0; i < runs; i += 1) results.push(await runOnce(await entry.url(), chrome.port, lhrDir ? path.join(lhrDir, `${entry.key}-${i + 1}.json`) : undefined));
      const result = medianResult(results);
      report[entry.name] = result;
      console.log(line(entry.name, result));
      for (const miss of misses(result, GOALS[entry.key], true)) console.log(`  goal not met yet: ${miss}`);
      const limit = held[entry.key];
      if (result.performance < limit.performance && !strictScore) console.log(`  (performance score below ${limit.performance}; not asserted without --strict-score)`);
      for (const miss of misses(result, limit, strictScore)) failures.push(`${entry.name}: ${miss}`);
    }
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ loadavg: os.loadavg(), report }, null, 2));
  } finally {
    chrome?.kill();
    await portal.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) {
    for (const f of failures) console.error(`lighthouse: FAILED, ${f}`);
    process.exitCode = 1;
  } else {
    console.log(held === GOALS ? 'lighthouse: every entry meets the goal' : 'lighthouse: every entry holds what has landed (LANDED); --goal asserts the goal');
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
