/** Small server-rendered pages (demo and development pages only; users' flows are SPA views): no inline script, styles by nonce. */
import type { FastifyReply } from 'fastify';
import { newNonce } from './spa';

export const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2433;line-height:1.5}
h1{font-size:1.5rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;margin-top:.25rem;box-sizing:border-box;border:1px solid #8a94a6;border-radius:4px}
button,.button{margin-top:1rem;padding:.6rem 1.2rem;background:#1258d6;color:#fff;border:0;border-radius:4px;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}
code,pre{background:#f1f3f7;padding:.1rem .3rem;border-radius:3px;white-space:pre-wrap;word-break:break-all}
dt{font-weight:600}dd{margin:0 0 .5rem;overflow-wrap:anywhere}
[hidden]{display:none!important}`;

/** A script tag: `.mjs` files load as ES modules; both kinds run in order after parsing. */
export function scriptTag(src: string): string {
  return src.endsWith('.mjs') ? `<script type="module" src="${src}"></script>` : `<script src="${src}" defer></script>`;
}

/** `framesSelf`: the page may embed same-origin frames (the captcha test page); others embed none. */
export function htmlPage(reply: FastifyReply, title: string, bodyHtml: string, status = 200, scriptSrc?: string | readonly string[], options: { framesSelf?: boolean } = {}) {
  const nonce = newNonce();
  const script = (typeof scriptSrc === 'string' ? [scriptSrc] : (scriptSrc ?? [])).map(scriptTag).join('');
  const frameSrc = options.framesSelf ? "; frame-src 'self'" : '';
  return reply
    .status(status)
    .header('Content-Security-Policy', `default-src 'none'; script-src 'self'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'${frameSrc}`)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style nonce="${nonce}">${PAGE_STYLE}</style>${script}</head><body>${bodyHtml}</body></html>`);
}
