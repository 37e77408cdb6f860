/**
 * The uploaded images, served to anyone from the portal's own origin (the login page shows them
 * before anyone signs in). They answer where the login page is on (`config.plugin`), so a
 * deployment without a login page serves none. An address is the image's SHA-256: never changes,
 * cached for a year; served with nosniff and a CSP of its own, so bytes opened by themselves run nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext as Ctx } from '@portal/server-api';
import { readImage } from './images';

export function imageRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Params: { name: string } }>(
      '/ops-services/images/:name',
      { config: { plugin: 'login-layout' }, schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 80 } }, required: ['name'] } } },
      async (req, reply) => {
        const image = await readImage(ctx, req.params.name);
        if (!image) return reply.status(404).send({ errorCode: -10020, message: 'No such image.' });
        return reply
          .type(image.type)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .send(image.bytes);
      },
    );
  };
}
