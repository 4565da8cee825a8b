import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { clientSocketMessage, serverSocketMessage } from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document is generated from the contracts' zod schemas (the same ones that validate
 * requests): JSON at /docs/json, a browsable page at /docs.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Meridian public API',
        version: '0.1.0',
        description:
          'Every answer is an envelope {code, msg, data}: code 1 success, 999 session invalid, other codes ' +
          'a refusal with a message in the language of the `lang` header. GET and DELETE accept a `t` timestamp. ' +
          'Real-time: a WebSocket at /v1/ws (messages: SocketClientMessage in, SocketServerMessage out).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
        // The socket protocol (/v1/ws) is not HTTP, but its messages come from the same contracts.
        schemas: {
          SocketClientMessage: z.toJSONSchema(clientSocketMessage, { target: 'openapi-3.0' }) as object,
          SocketServerMessage: z.toJSONSchema(serverSocketMessage, { target: 'openapi-3.0' }) as object,
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
