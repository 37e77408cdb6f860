/**
 * The development identity providers' pages (server/dev/localOidcProvider.ts, plugins' own stand-ins): their HTML shell,
 * their form bodies and their servers' ends. Plain pages on loopback, for development and tests only.
 */
import type { IncomingMessage, ServerResponse, createServer } from 'node:http';
import { escapeHtml } from '../http/html';

export { escapeHtml };

/** A request the page refuses: its status and a short code. */
export class DevHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/** A url-encoded form body of at most `limit` bytes (415 for another type, 413 beyond it). */
export function readFormBody(req: IncomingMessage, limit: number): Promise<URLSearchParams> {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return Promise.reject(new DevHttpError(415, 'unsupported_media_type'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop reading; the 413 goes out with Connection: close, so the rest is never read.
        req.off('data', onData).off('end', onEnd).pause();
        reject(new DevHttpError(413, 'request_too_large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}


const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label,input,button{display:block;width:100%;box-sizing:border-box}input{margin:.25rem 0 1rem;padding:.5rem}button{padding:.6rem}[role=alert]{color:#b00020}';

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** No scripts unless `script` (a page's own, by its hash); no form-action either: browsers apply it to the redirects back to the client. */
export function sendHtml(res: ServerResponse, status: number, html: string, scriptHash?: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline';${scriptHash ? ` script-src '${scriptHash}';` : ''} base-uri 'none'; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

export function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // close() ends idle keep-alive sockets itself but waits for busy ones; a dev IdP need not wait for anyone.
    server.closeAllConnections();
  });
}
