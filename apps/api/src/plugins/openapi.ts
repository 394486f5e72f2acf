import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@parkly/shared/constants';

/** OpenAPI generated from the routes' zod schemas, at /backend/api/v1/openapi.json, UI at /backend/api/docs. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parkly API', version: '1.0.0', description: 'Parking and vehicle-storage marketplace' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/backend/api/docs', staticCSP: true });
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
