import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vehicleAnswerSchema, vehicleInputSchema, vehiclesAnswerSchema, vehicleUpdateSchema } from '@parkly/shared/vehicles';
import { currentUser } from '../../plugins/auth';
import { addVehicle, changeVehicle, listVehicles, removeVehicle } from './vehicles.service';

const tags = ['vehicles'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string() });
const deleted = z.object({ result: z.object({ id: z.string(), deleted: z.literal(true) }) });

export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);

  app.get('/vehicles', { schema: { tags, security, response: { 200: vehiclesAnswerSchema } } }, async (request) => ({
    result: await listVehicles(app.db, currentUser(request).id),
  }));

  app.post('/vehicles', { schema: { tags, security, body: vehicleInputSchema, response: { 201: vehicleAnswerSchema } } }, async (request, reply) =>
    reply.status(201).send({ result: await addVehicle(app.db, currentUser(request).id, request.body) }),
  );

  app.patch('/vehicles/:id', { schema: { tags, security, params, body: vehicleUpdateSchema, response: { 200: vehicleAnswerSchema } } }, async (request) => ({
    result: await changeVehicle(app.db, currentUser(request).id, request.params.id, request.body),
  }));

  app.delete('/vehicles/:id', { schema: { tags, security, params, response: { 200: deleted } } }, async (request) => ({
    result: await removeVehicle(app.db, currentUser(request).id, request.params.id),
  }));
};
