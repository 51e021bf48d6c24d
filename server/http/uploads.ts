// Multipart uploads, as every upload route reads them: the file's name checked like any input,
// and a body that breaks off (or never ends, until the server's request timeout cuts it) answered
// as the client's fault, with nothing stored (the upload store writes a file in one transaction).
import type { Readable } from 'node:stream';
import { UploadFileName } from '../../src/model/codec.ts';
import { badRequest, HttpError } from './errors.ts';
import { validate } from './validate.ts';

export const UPLOAD_BROKE_OFF = 'The upload broke off before its end. Please send the file again.';

/** The name a multipart part gives its file: a NUL or other control character is a 400, never a 500. */
export function uploadFileName(filename: string): string {
  return validate(UploadFileName, { filename: filename.slice(0, 200) }, 'upload').filename;
}

/**
 * The client's share of a failed multipart read as an HttpError (a part past a limit: 413; a
 * body cut short or malformed: 400); null for anything else, which stays a server error.
 */
export function multipartRefusal(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const { code, message = '', statusCode } = (error ?? {}) as { code?: string; message?: string; statusCode?: number };
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || /Unexpected end of|terminated early|Malformed|Boundary not found/i.test(message)) {
    return badRequest(UPLOAD_BROKE_OFF);
  }
  if (code?.startsWith('FST_')) return new HttpError(statusCode && statusCode < 500 ? statusCode : 400, message);
  return null;
}

/**
 * An uploaded file's bytes as they arrive, for a writer that stores them chunk by chunk. A stream
 * busboy already closed (the body ended early while the route was busy) fails here instead of
 * hanging; the client's faults become 4xx.
 */
export async function* uploadBytes(file: Readable): AsyncGenerator<Buffer> {
  try {
    // Iterated rather than piped: iterating a destroyed stream throws, piping it waits forever.
    yield* file;
  } catch (error) {
    throw multipartRefusal(error) ?? error;
  }
}
