import { defineServerPlugin, pruneExpired } from '@portal/server-api';
import { captchaFrameUrl, captchaSubject, consumeCaptchaToken } from './captcha';
import { captchaRoutes } from './routes';
import { captchaMigrations, captchaStore } from './tables';

/**
 * The slider captcha's server half (spec sections 2 and 4): the frame page the login page embeds,
 * its script, puzzles and answers (routes.ts), and the sign-in's and registration's human check
 * (the `humanCheck` point): a risky attempt answers -23029 with the frame's address until it
 * presents a token of a solved puzzle. Where this plugin is off for the host's region, no attempt
 * there is asked and its routes answer 403 -19999.
 */
export default defineServerPlugin({
  id: 'captcha',
  migrations: { global: captchaMigrations },
  setup(host) {
    host.contribute('humanCheck', {
      passes: async (ctx, token, email) => consumeCaptchaToken(ctx, token, email === null ? null : await captchaSubject(ctx, email)),
      url: async (ctx, email) => captchaFrameUrl(ctx, email === null ? null : await captchaSubject(ctx, email)),
    });
  },
  routes: (api, ctx) => captchaRoutes(ctx)(api),
  // Puzzles are kept an hour past their expiry (their counters' answers may still name them), then deleted.
  jobs: [{ name: 'prune-puzzles', everyMs: 60_000, run: (ctx) => pruneExpired(captchaStore(ctx), 'captcha_challenges', 'id', ctx.now() - 3600_000) }],
});
