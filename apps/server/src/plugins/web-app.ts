import { existsSync, readFileSync } from 'node:fs';
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

/**
 * Serves the built back office at `/admin/` (its own Vite build with base `/admin/`). Registered
 * before the trader's app so the prefix is its own.
 */
export async function registerAdminApp(app: FastifyInstance, adminDist: string) {
  if (!existsSync(path.join(adminDist, 'index.html'))) {
    app.log.warn({ adminDist }, 'back office not built: run `npm run build` (npm start does it for you)');
    app.get('/admin/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('The back office is not built.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    decorateReply: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The staff app is never framed by another site.
      reply.header('x-frame-options', 'DENY');
    },
  });
  // The entry page itself (fastify-static's own index route clashes with ignoreTrailingSlash here).
  const indexHtml = readFileSync(path.join(adminDist, 'index.html'));
  app.get('/admin/', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-frame-options', 'DENY')
      .send(indexHtml),
  );
  // `/admin` → `/admin/` (the router ignores trailing slashes, so match the bare path exactly).
  app.addHook('onRequest', async (req, reply) => {
    if (req.url === '/admin' || req.url.startsWith('/admin?'))
      return reply.redirect(`/admin/${req.url.slice(6)}`);
  });
}
