import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@parkly/shared/constants';
import { AppError } from './app-error';
import type { UploadedFile } from './file-checks';

/**
 * Reads the one multipart `file` field into memory (the multipart plugin caps it at 10 MB and
 * answers 413 beyond). Anything that is not a readable form with a non-empty `file` is a 4xx.
 */
export async function readUploadedFile(request: FastifyRequest, field = 'file'): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw asClientError(err);
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new AppError('VALIDATION', MESSAGES.noFileSelected, { errors: { [field]: MESSAGES.noFileSelected } });
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw asClientError(err);
  }
  if (buffer.length === 0) throw new AppError('VALIDATION', 'The file is empty.', { errors: { [field]: 'The file is empty.' } });
  return { buffer, filename: part.filename };
}

/** The multipart parser throws plain errors for malformed bodies; those are the client's fault, not ours. */
function asClientError(err: unknown): unknown {
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status < 500) return err;
  return new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
}
