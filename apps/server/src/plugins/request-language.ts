import { type Language, normalizeLanguage } from '@meridian/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

/** Every message the server sends back is in the language of the `lang` header (DESIGN §6). */
function languageOf(req: FastifyRequest): Language {
  const header = req.headers.lang;
  return normalizeLanguage(Array.isArray(header) ? header[0] : header);
}

export const requestLanguage = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'hk');
  app.addHook('onRequest', async (req) => {
    req.lang = languageOf(req);
  });
});
