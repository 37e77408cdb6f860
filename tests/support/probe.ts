import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

let bundled: Promise<string> | undefined;

/** The probe (tests/e2e/probes/parallelCalls.ts) as one script, built once per test file. */
function probeScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('../e2e/probes/parallelCalls.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome120',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
}

/**
 * Adds the probe to a page of the portal. The page's CSP allows only its own nonce'd
 * scripts, so the context must be opened with `bypassCSP: true`.
 */
export async function addProbe(page: Page): Promise<void> {
  await page.addScriptTag({ content: await probeScript() });
  await page.waitForFunction(() => 'portalProbe' in window);
}
