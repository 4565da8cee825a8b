import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/`. Hashed assets are cached for a year; index.html and the
 * manifest are revalidated so a new build is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it for you)');
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('Meridian API is running; the web app is not built.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: 'index.html',
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
