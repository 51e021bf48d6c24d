import type { FastifySchema } from 'fastify';
import type * as t from 'io-ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';

/** Answers by status code that no codec describes: files, text, nothing. */
export type Answers = { [status: string]: JsonSchema };

/** The codecs a route's handler validates with (and the client decodes its answer with). */
export interface RouteCodecs {
  params?: t.Any;
  query?: t.Any;
  body?: t.Any;
  /** The 200 answer's codec, or the answers by status. */
  answer?: t.Any | Answers;
  /** The form fields and files of a multipart upload (body is then that form). */
  form?: JsonSchema;
}

/** Every refusal (server/app.ts error handler): a message, and a 400's per-field problems. */
const REFUSAL: JsonSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'string' } } },
  required: ['message'],
};

const isCodec = (answer: t.Any | Answers): answer is t.Any => typeof (answer as t.Any).decode === 'function';

/**
 * A route's `schema`, derived from its codecs: for the OpenAPI document and the schema test only.
 * io-ts stays the validator (handlers call `validate`), so Fastify compiles none of it (see
 * server/http/openapi.ts).
 */
export function routeSchema(tag: string, summary: string, codecs: RouteCodecs = {}): FastifySchema {
  const { params, query, body, answer, form } = codecs;
  const answers = answer === undefined ? {} : isCodec(answer) ? { 200: jsonSchemaOf(answer) } : answer;
  return {
    tags: [tag],
    summary,
    ...(params ? { params: jsonSchemaOf(params) } : {}),
    ...(query ? { querystring: jsonSchemaOf(query) } : {}),
    ...(body ? { body: jsonSchemaOf(body) } : {}),
    ...(form ? { body: form, consumes: ['multipart/form-data'] } : {}),
    response: { ...answers, '4xx': REFUSAL },
  };
}

/** An answer that is not (only) JSON, by content type: a page, text, a file. */
export const contentAnswer = (description: string, content: Record<string, JsonSchema>): Answers => ({
  200: { description, content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) },
});

/** A file answer (PDF, workbook, archive, image): bytes, not JSON. */
export const fileAnswer = (description: string, ...types: string[]): Answers =>
  contentAnswer(description, Object.fromEntries(types.map((type) => [type, { type: 'string', format: 'binary' }])));

/** A JSON list of what the codec describes, where src/model names no list codec. */
export const listOf = (codec: t.Any): Answers => ({ 200: { type: 'array', items: jsonSchemaOf(codec) } });

/** An answer with a status of its own (201 Created, 202 Accepted). */
export const answerWith = (status: number, codec: t.Any): Answers => ({ [status]: jsonSchemaOf(codec) });

export const NO_CONTENT: Answers = { 204: { description: 'Done; nothing to say', type: 'null' } };

/** A multipart form: its files as binary, its text fields as the codec of them says. */
export function multipartForm(files: string[], fields?: t.Any): JsonSchema {
  const text = fields ? (jsonSchemaOf(fields) as { properties?: JsonSchema; required?: string[] }) : {};
  const binary = Object.fromEntries(files.map((name) => [name, { type: 'string', format: 'binary' }]));
  return { type: 'object', properties: { ...binary, ...text.properties }, required: [...files, ...(text.required ?? [])] };
}
