/**
 * `npm run time-to-form`: how long a connected service's hand-off (`/login?session_code=…`) takes
 * until its sign-in form can be typed into, in Debian's Chromium with the network and CPU of
 * Lighthouse's mobile run applied for real (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4x
 * CPU slow-down; DevTools throttling, not a simulation). Lighthouse's paint times say when the shell
 * shows; this says when the visitor can sign in, so a change that helps one figure at the other's
 * cost shows up. Prints the median, the fastest and the slowest of `--runs` (default 20) page loads,
 * after two that warm the server and the browser. Timing, so not part of `npm test`.
 *
 *   npm run time-to-form [-- --runs 20]
 */
import { launchChromium } from '../support/browser';
import { startPortal } from '../support/portal';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const CPU_SLOWDOWN = 4;
const WARM_UP = 2;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(option('--runs') ?? 20));
  const portal = await startPortal();
  const browser = await launchChromium();
  const times: number[] = [];
  try {
    for (let i = 0; i < WARM_UP + runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // A fresh login session of the portal's own client, as a service's authorize request makes one.
      const authorize = new URL(`${portal.url}/api/authorize`);
      const params = { client_id: 'portal', redirect_uri: `${portal.url}/token`, response_type: 'code', code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 's' };
      for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
      const res = await fetch(authorize, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (!location?.includes('session_code=')) throw new Error(`authorize answered ${res.status} without a session code`);
      await page.goto(new URL(location, portal.url).toString());
      await page.getByRole('textbox').first().waitFor();
      // From the navigation's start, in the page's own clock.
      const ms = await page.evaluate(() => performance.now());
      if (i >= WARM_UP) times.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  times.sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  console.log(`time to form (hand-off, slow 4G and 4x CPU applied in Chromium, ${runs} run${runs === 1 ? '' : 's'}): median ${Math.round(median)} ms, fastest ${Math.round(times[0]!)} ms, slowest ${Math.round(times[times.length - 1]!)} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
