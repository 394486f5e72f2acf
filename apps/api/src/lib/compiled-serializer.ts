/**
 * Responses written by a compiled serializer instead of zod (docs/decisions/019-search-cache.md).
 *
 * fastify-type-provider-zod's serializer checks every answer against its zod schema and then calls
 * JSON.stringify: on a hot read that costs as much Node time as the rest of the answer. For the routes
 * whose response schema is marked with `compiledResponse`, the same zod schema is turned into a JSON
 * schema once (its output side) and fast-json-stringify compiles a function that writes exactly the
 * fields the schema names, as zod's parse would have kept them (unknown keys are left out, as zod's
 * objects strip them). Every other route keeps zod's serializer.
 */
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const marked = new WeakSet<z.ZodType>();

/** Marks a response schema to be serialized by a compiled serializer; answers the schema itself. */
export function compiledResponse<T extends z.ZodType>(schema: T): T {
  marked.add(schema);
  return schema;
}

/** The compiled writer of a zod schema's output (throws at start-up if the schema has no JSON form). */
export function compileSerializer<T>(schema: z.ZodType<T>): (data: T) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  // `$schema` names the draft; fast-json-stringify does not need it
  delete (json as { $schema?: string }).$schema;
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/** The app's serializer compiler: compiled for marked schemas, zod's for the rest. */
export const serializerCompiler = (route: SerializerCompiler) => {
  const schema = route.schema;
  if (schema instanceof z.ZodType && marked.has(schema)) return compileSerializer(schema) as (data: unknown) => string;
  return zodSerializerCompiler(route);
};

