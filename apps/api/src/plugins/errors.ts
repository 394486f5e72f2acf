import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@parkly/shared/errors';
import { AppError } from '../lib/app-error';

/** Statuses fastify and its plugins raise for bad requests, with our code and a plain message. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large (at most 10 MB)' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Send one file at a time' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many parts' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as multipart/form-data' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Invalid Content-Length' },
};

function fieldErrors(err: { validation: { instancePath: string; message?: string }[] }) {
  const errors: Record<string, string> = {};
  for (const v of err.validation) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    errors[key] ??= v.message ?? 'Invalid value';
  }
  return errors;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(err.status, { message: err.message, code: err.code, ...(err.errors && { errors: err.errors }), ...(err.action && { action: err.action }) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err);
      const first = Object.entries(errors)[0];
      const message = first ? (first[0] === 'body' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid input';
      return send(400, { message, code: 'VALIDATION', errors });
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) return send(err.statusCode ?? 400, { ...known });
    if (err.statusCode === 429) return send(429, { message: err.message || 'Too many requests, try again later', code: 'RATE_LIMITED' });
    if (err instanceof SyntaxError || err.statusCode === 400) return send(400, { message: 'The request is not valid', code: 'BAD_REQUEST' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, { message: 'The request could not be handled', code: err.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
