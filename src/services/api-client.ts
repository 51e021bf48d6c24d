import axios, { type AxiosError, type Method } from 'axios';
import * as t from 'io-ts';
import { decode } from '../model/codec.ts';
import { ErrorBody } from '../model/auth.ts';

/** A 400 from request validation also lists every problem (server/http/validate.ts). */
const ErrorDetails = t.partial({ errors: t.array(t.string) });

export const FALLBACK_MESSAGE = 'Something went wrong';
const CANCELLED_MESSAGE = 'Request cancelled';

/** Every failed call ends as this: the HTTP status (0 when none) and a message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's per-field messages of a 400 (`errors`), when it sent them. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A response that does not match its codec: a bug between client and server, said plainly. */
export class DecodeError extends Error {
  constructor(what: string, errors: string[]) {
    super(`Unexpected response from ${what}: ${errors.join('; ')}`);
    this.name = 'DecodeError';
  }
}

export interface RequestOptions {
  signal: AbortSignal;
  data?: unknown;
  /** Overrides the stored key, e.g. to revoke a session whose storage is already cleared. */
  authKey?: string | null;
  /** Login answers 401 for a wrong password; that must not log anyone out. */
  ignoreUnauthorized?: boolean;
  /** The screen shows its own placeholder and stays usable (e.g. to cancel by a new choice): no app-wide spinner. */
  quiet?: boolean;
}

export interface ApiClientDeps {
  getAuthKey: () => string | null;
}

export function createApiClient(deps: ApiClientDeps) {
  const http = axios.create({ baseURL: '/api', headers: { 'Content-Type': 'application/json' } });
  let onUnauthorized: () => void = () => {};
  let onActivity: (delta: 1 | -1) => void = () => {};
  let extraHeaders: () => Record<string, string> = () => ({});

  async function request<A, O>(method: Method, url: string, codec: t.Type<A, O, unknown>, options: RequestOptions): Promise<A> {
    const authKey = options.authKey === undefined ? deps.getAuthKey() : options.authKey;
    const activity = options.quiet ? () => {} : onActivity;
    activity(1);
    try {
      const response = await http.request({
        method,
        url,
        data: options.data,
        signal: options.signal,
        headers: { ...extraHeaders(), ...(authKey ? { Authorization: `Bearer ${authKey}` } : {}) },
      });
      const result = decode(codec, response.data);
      if (!result.ok) throw new DecodeError(`${method.toUpperCase()} /api${url}`, result.errors);
      return result.value;
    } catch (error) {
      if (error instanceof DecodeError) throw error;
      const normalised = normalise(error);
      if (normalised.status === 401 && !options.ignoreUnauthorized) onUnauthorized();
      throw normalised;
    } finally {
      activity(-1);
    }
  }

  return {
    get: <A, O>(url: string, codec: t.Type<A, O, unknown>, options: RequestOptions) => request('get', url, codec, options),
    post: <A, O>(url: string, codec: t.Type<A, O, unknown>, options: RequestOptions) => request('post', url, codec, options),
    patch: <A, O>(url: string, codec: t.Type<A, O, unknown>, options: RequestOptions) => request('patch', url, codec, options),
    delete: <A, O>(url: string, codec: t.Type<A, O, unknown>, options: RequestOptions) => request('delete', url, codec, options),
    /** Registered once by the app: a 401 anywhere sends the user to /logout (spec §4). */
    setUnauthorizedHandler: (fn: () => void) => void (onUnauthorized = fn),
    /** Lets the app drive the spinner counter without this module knowing about it. */
    setActivityHandler: (fn: (delta: 1 | -1) => void) => void (onActivity = fn),
    /** Headers every call carries, asked for per call (X-View-As follows the view-as choice). */
    setHeaderProvider: (fn: () => Record<string, string>) => void (extraHeaders = fn),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A call the client itself aborted (its AbortSignal fired): never worth a dialog. */
export const isCancelled = (error: unknown): boolean => error instanceof ApiError && error.status === 0 && error.message === CANCELLED_MESSAGE;

export function normalise(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(0, CANCELLED_MESSAGE);
  if (axios.isAxiosError(error)) {
    const { response } = error as AxiosError;
    const body = response ? decode(ErrorBody, response.data) : null;
    const details = response ? decode(ErrorDetails, response.data) : null;
    return new ApiError(
      response?.status ?? 0,
      body?.ok ? body.value.message : FALLBACK_MESSAGE,
      details?.ok ? (details.value.errors ?? []) : [],
    );
  }
  return new ApiError(0, FALLBACK_MESSAGE);
}
