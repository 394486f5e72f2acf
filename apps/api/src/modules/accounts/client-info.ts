import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './sessions';

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip ?? null,
});
