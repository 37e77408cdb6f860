/**
 * The console's code for signed-in operators only (issue 28: "its code is never fetched by a person
 * who is not an operator"). A server half names the lazily loaded modules of its browser half that
 * only a signed-in operator may fetch (`operatorAssets`); the build names each such chunk
 * `assets/plugin-<id>-<module>-<hash>.js` (rollup.config.mjs), and this hook answers 404 to anyone
 * without an operator's session, before the static files are looked at. What it does serve, it
 * marks private, so no shared cache keeps it for others.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import type { ServerPlugin } from '../plugin-api';
import { OPERATORS_POINT } from './consoleScope';

/** `plugin-<id>-<module>-`, the start of the file name of every operator-only chunk of a half the console config turns on. */
export function operatorAssetPrefixes(ctx: Ctx, halves: readonly ServerPlugin[]): string[] {
  return halves.filter((h) => h.operatorAssets && ctx.switches.onInConsole(h.id)).flatMap((h) => h.operatorAssets!.map((name) => `plugin-${h.id}-${name}-`));
}

/**
 * The file name a request's path comes to once decoded and normalised, as the static files are
 * found (`%70lugin-…`, `/assets//…`, `/assets/./…` and `/x/../assets/…` all name the same file);
 * null when the path cannot be decoded.
 */
export function servedFileName(url: string): string | null {
  const pathname = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return path.posix.basename(path.posix.normalize(decoded.replace(/\\/g, '/')));
}

/** Whether the request names an operator-only chunk (or its map): judged by the file it would get (an undecodable path gets none). */
function gated(prefixes: readonly string[], req: FastifyRequest): boolean {
  const name = servedFileName(req.url);
  return name !== null && prefixes.some((p) => name.startsWith(p));
}

export function guardOperatorAssets(app: FastifyInstance, ctx: Ctx, halves: readonly ServerPlugin[]): void {
  const prefixes = operatorAssetPrefixes(ctx, halves);
  if (prefixes.length === 0) return;
  app.addHook('onRequest', async (req, reply) => {
    if (!gated(prefixes, req)) return;
    const operators = ctx.extensions.find(OPERATORS_POINT, () => true);
    const operator = operators ? await operators.value.authenticate(ctx, req) : null;
    if (!operator) return reply.status(404).header('Cache-Control', 'no-store').type('text/plain').send('Not found');
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (gated(prefixes, req) && reply.statusCode < 400) reply.header('Cache-Control', 'private, max-age=31536000, immutable').header('Vary', 'Accept-Encoding, Cookie');
    return payload;
  });
}
