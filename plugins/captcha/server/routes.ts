/** Slider captcha: the frame page the portal embeds, its script, puzzles and verification. */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES as E, HEADERS, PORTAL_REQUEST_VALUE, type CaptchaVerifyRequest } from '@portal/plugin-api/contract';
import { body, clientIp, clientNetwork, escapeHtml, languageByCode, limitAuth, newNonce, ok, S, type ServerContext as Ctx } from '@portal/server-api';
import { CAPTCHA, createChallenge, serveImage, SUBJECT_PATTERN, verifyChallenge } from './captcha';
import { FRAME_TEXT_KEYS, type FrameTextKey, frameLanguage, frameTexts } from './texts';

// The status row holds texts of 21 languages: at a line height of 1.25 (the reload link's too, not a
// button's "normal") two lines of any script fit the height the login dialog gives the frame
// (CAPTCHA_FRAME_HEIGHT).
// The stage and the track mirror as a whole in right-to-left pages ([dir=rtl] … scaleX(-1)), so the
// slider's geometry inside them is physical on purpose (left: the dragged piece's offset).
/* eslint-disable no-restricted-syntax -- mirrored by transform in right-to-left pages: physical on purpose */
function frameCss(): string {
  const w = CAPTCHA.width;
  return `:root{--primary:#1258d6;--bg:#ffffff;--text:#1d2433;font-family:system-ui,sans-serif}
:root[data-mode=dark]{--bg:#1d2433;--text:#f1f3f7}
body{margin:0;background:var(--bg);color:var(--text)}
.box{width:${w}px;margin:8px auto}
.stage{position:relative;width:${w}px;height:${CAPTCHA.height}px;overflow:hidden;border-radius:6px}
#bg{display:block;width:${w}px;height:${CAPTCHA.height}px}
#piece{position:absolute;left:0;top:0;width:${CAPTCHA.pieceSize}px;height:${CAPTCHA.height}px;filter:drop-shadow(0 0 3px rgba(0,0,0,.6))}
.track{position:relative;height:40px;margin-top:10px;background:rgba(127,127,127,.15);border-radius:20px}
#fill{position:absolute;left:0;top:0;bottom:0;width:0;background:var(--primary);opacity:.25;border-radius:20px}
#handle{position:absolute;top:0;left:0;width:${CAPTCHA.handle}px;height:40px;border-radius:20px;border:0;background:var(--primary);color:#fff;font-size:20px;cursor:grab;touch-action:none}
#handle:focus{outline:3px solid var(--text);outline-offset:2px}
#handle:focus:not(:focus-visible){outline:none}
#handle:focus-visible{outline:3px solid var(--text);outline-offset:2px;box-shadow:0 0 0 6px var(--bg),0 0 0 8px var(--primary)}
.row{display:flex;justify-content:space-between;align-items:center;margin-top:6px;font-size:14px;line-height:1.25}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
#reload{background:none;border:0;padding:0;padding-inline-start:8px;font:inherit;color:var(--primary);cursor:pointer;text-decoration:underline}
#reload:focus-visible{outline:3px solid var(--text);outline-offset:2px}
[dir=rtl] .stage,[dir=rtl] .track{transform:scaleX(-1)}`;
}
/* eslint-enable no-restricted-syntax -- back to logical properties */

export function captchaRoutes(ctx: Ctx) {
  const script = fs.readFileSync(new URL('./frame.js', import.meta.url), 'utf8');
  return async (api: FastifyInstance) => {
    // `for`: the subject of the sign-in the puzzle is for (from the -23029 result's captchaUrl).
    const forQuery = { for: { type: 'string', pattern: SUBJECT_PATTERN } } as const;
    api.get<{ Querystring: { lang?: string; for?: string } }>('/captcha/frame', { schema: { querystring: { type: 'object', properties: { lang: S.language, ...forQuery } } } }, async (req, reply) => {
      const language = frameLanguage(req.query.lang);
      const texts = frameTexts(language);
      const t = Object.fromEntries(FRAME_TEXT_KEYS.map((key) => [key, escapeHtml(texts[key])])) as Record<FrameTextKey, string>;
      const { bcp47, dir } = languageByCode(language);
      const nonce = newNonce();
      const apiBase = req.routeOptions.url!.replace(/\/captcha\/frame$/, '');
      const origin = ctx.options.publicOrigin;
      const textsJson = JSON.stringify(texts).replace(/</g, '\\u003c');
      return reply
        .header('Content-Security-Policy', `default-src 'none'; script-src 'self'; style-src 'nonce-${nonce}'; img-src 'self'; connect-src 'self'; frame-ancestors ${origin}; base-uri 'none'; form-action 'none'`)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="${bcp47}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><style nonce="${nonce}">${frameCss()}</style><script src="${apiBase}/captcha/frame.js" defer></script></head>
<body data-parent-origin="${origin}" data-api-base="${apiBase}" data-for="${req.query.for ?? ''}" data-request-header="${HEADERS.portalRequest}" data-request-value="${PORTAL_REQUEST_VALUE}"><script type="application/json" id="texts">${textsJson}</script>
<main class="box"><div class="stage"><img id="bg" alt="${t.hint}" width="${CAPTCHA.width}" height="${CAPTCHA.height}"><img id="piece" alt="" width="${CAPTCHA.pieceSize}" height="${CAPTCHA.height}"></div>
<div class="track"><div id="fill"></div><button id="handle" type="button" role="slider" aria-label="${t.handle}" aria-describedby="keys" aria-orientation="horizontal" aria-valuemin="0" aria-valuemax="${CAPTCHA.width - CAPTCHA.pieceSize}" aria-valuenow="0" aria-disabled="true">&#8594;</button></div>
<p id="keys" class="sr">${t.keys}</p>
<div class="row"><span id="status" role="status" aria-live="polite"></span><button id="reload" type="button">${t.reload}</button></div></main></body></html>`);
    });

    api.get('/captcha/frame.js', async (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
    );

    api.get<{ Querystring: { for?: string } }>('/captcha/challenge', { schema: { querystring: { type: 'object', properties: forQuery } } }, async (req) => {
      await limitAuth(ctx, req, 'captcha');
      const apiBase = `${ctx.options.publicOrigin}${req.routeOptions.url!.replace(/\/captcha\/challenge$/, '')}`;
      return ok(await createChallenge(ctx, apiBase, { client: clientNetwork(clientIp(req)), subject: req.query.for ?? null }));
    });

    // The two images of a puzzle, each under its own single-use key (43 base64url characters).
    const imageParams = { type: 'object', properties: { key: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } }, required: ['key'] } as const;
    for (const kind of ['image', 'piece'] as const) {
      api.get<{ Params: { key: string } }>(`/captcha/${kind}/:key`, { schema: { params: imageParams } }, async (req, reply) => {
        const png = await serveImage(ctx, kind, req.params.key);
        if (!png) return reply.status(404).send({ errorCode: E.invalidParameter, message: 'The puzzle has expired.' });
        return reply
          .header('Cache-Control', 'no-store')
          .header('Content-Security-Policy', "default-src 'none'")
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .type('image/png')
          .send(png);
      });
    }

    api.post<{ Body: CaptchaVerifyRequest }>(
      '/captcha/verify',
      {
        schema: {
          body: body(
            {
              challengeId: S.str(64, 10),
              x: { type: 'number', minimum: -1000, maximum: 10000 },
              // [t ms, x, y] samples (trace.ts); the frame sends at most 400.
              trail: {
                type: 'array',
                maxItems: 500,
                items: {
                  type: 'array',
                  minItems: 3,
                  maxItems: 3,
                  items: [
                    { type: 'number', minimum: 0, maximum: 3_600_000 },
                    { type: 'number', minimum: -1000, maximum: 10000 },
                    { type: 'number', minimum: -10000, maximum: 10000 },
                  ],
                },
              },
            },
            ['challengeId', 'x', 'trail'],
          ),
        },
      },
      async (req) => {
        await limitAuth(ctx, req, 'captcha');
        return ok(await verifyChallenge(ctx, req.body, clientNetwork(clientIp(req))));
      },
    );
  };
}
