import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios';
import * as t from 'io-ts';
import { Observable, Subject, catchError, defer, filter, map, throwError, type OperatorFunction } from 'rxjs';
import { decode } from '../model/codec.ts';
import { ErrorBody } from '../model/auth.ts';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../model/idempotency.ts';
import { isReadOnlyCall } from '../model/read-only-posts.ts';
import { retryUnanswered, verdictOf, type RetryVerdict } from './retry-unanswered.ts';

/** A binary answer (`responseType: 'blob'`): images, PDFs, spreadsheets, archives. */
export const BlobCodec = new t.Type<Blob, Blob, unknown>('Blob', (u): u is Blob => u instanceof Blob, (u, c) => (u instanceof Blob ? t.success(u) : t.failure(u, c)), t.identity);

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
  data?: unknown;
  /** Overrides the stored key, e.g. to revoke a session whose storage is already cleared. */
  authKey?: string | null;
  /** Login answers 401 for a wrong password; that must not log anyone out. */
  ignoreUnauthorized?: boolean;
  /** The screen shows its own placeholder and stays usable (e.g. to cancel by a new choice): no app-wide spinner. */
  quiet?: boolean;
}

/** How far a transfer has got, in bytes (`total` is null when the server does not say). */
export interface Progress {
  loaded: number;
  total: number | null;
}

/** A call whose progress matters (uploads, long downloads): progress values, then the answer. */
export type TransferEvent<A> = { type: 'progress'; direction: 'upload' | 'download'; progress: Progress } | { type: 'done'; value: A };

export interface TransferOptions extends RequestOptions {
  /** Per-call timeout in ms (the invoice upload's 30 s, say); 0 waits as long as it takes. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  responseType?: AxiosRequestConfig['responseType'];
}

export interface ApiClientDeps {
  getAuthKey: () => string | null;
  /** Where the server is: '' in the browser (the page's own origin); tests give a local server. */
  origin?: string;
}

/**
 * The one HTTP transport (architecture: Services). Every call is a cold Observable: subscribing
 * sends the request, unsubscribing aborts it, the answer is decoded by its codec inside the pipe,
 * and every failure arrives as an `ApiError` (or `DecodeError`). A 401 is also announced on
 * `unauthorized$` (the app logs out), and every non-quiet call counts on `activity$` (+1, -1).
 */
export function createApiClient(deps: ApiClientDeps) {
  const origin = deps.origin ?? '';
  const http = axios.create({ baseURL: `${origin}/api`, headers: { 'Content-Type': 'application/json' } });
  const unauthorized = new Subject<void>();
  const activity = new Subject<1 | -1>();
  let extraHeaders: () => Record<string, string> = () => ({});
  // The highest data version an answer was computed at, sent back on every call: a server reading
  // a replica then never answers from data older than this page has shown (server/db/read-routing.ts).
  let dataVersion = 0;
  http.interceptors.response.use((response) => {
    const seen = Number(response.headers['x-data-version']);
    if (Number.isSafeInteger(seen) && seen > dataVersion) dataVersion = seen;
    return response;
  });

  /**
   * Raw transfer: progress events, then the axios response; aborted on unsubscribe. A try that got
   * no answer (connection reset, 502/503/504) is sent again (retry-unanswered.ts): a read as it
   * is, a write with the Idempotency-Key made once per subscription (one user action), so the
   * server applies it once however many tries reach it.
   */
  function transfer$(config: AxiosRequestConfig, options: TransferOptions): Observable<TransferEvent<AxiosResponse>> {
    const readOnly = isReadOnlyCall(config.method ?? 'get', `/api${config.url ?? ''}`);
    return defer(() => {
      const headers = readOnly ? options.headers : { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() };
      return attempt$(config, { ...options, headers }).pipe(retryUnanswered(unansweredAxios));
    }).pipe(catchError((error: unknown) => throwError(() => failure(error, options))));
  }

  /** One try of a transfer. */
  function attempt$(config: AxiosRequestConfig, options: TransferOptions): Observable<TransferEvent<AxiosResponse>> {
    return new Observable<TransferEvent<AxiosResponse>>((subscriber) => {
      const controller = new AbortController();
      const authKey = options.authKey === undefined ? deps.getAuthKey() : options.authKey;
      let counted = !options.quiet;
      const settle = () => {
        if (counted) activity.next(-1);
        counted = false;
      };
      if (counted) activity.next(1);
      const progress = (direction: 'upload' | 'download') => (e: { loaded: number; total?: number }) =>
        subscriber.next({ type: 'progress', direction, progress: { loaded: e.loaded, total: e.total ?? null } });
      http
        .request({
          ...config,
          data: options.data,
          signal: controller.signal,
          timeout: options.timeoutMs ?? 0,
          responseType: options.responseType,
          headers: {
            ...extraHeaders(), ...options.headers, ...(authKey ? { Authorization: `Bearer ${authKey}` } : {}),
            ...(dataVersion > 0 ? { 'X-Data-Version': String(dataVersion) } : {}),
          },
          onUploadProgress: progress('upload'),
          onDownloadProgress: progress('download'),
        })
        .then(
          (response) => {
            settle();
            subscriber.next({ type: 'done', value: response });
            subscriber.complete();
          },
          (error: unknown) => {
            settle();
            // A refused download (responseType 'blob') carries its JSON {message} as a Blob: read it, so the message shows.
            const response = axios.isAxiosError(error) ? error.response : undefined;
            if (response?.data instanceof Blob && response.data.type.includes('json')) {
              void response.data.text().then(
                (text) => {
                  try {
                    response.data = JSON.parse(text);
                  } catch {
                    // not JSON after all: the fallback message
                  }
                  subscriber.error(error);
                },
                () => subscriber.error(error),
              );
            } else subscriber.error(error);
          },
        );
      return () => {
        settle();
        controller.abort();
      };
    });
  }

  /** Turns a failure into ApiError, announcing a 401 unless the caller expects one. */
  function failure(error: unknown, options: RequestOptions): ApiError {
    const normalised = normalise(error);
    if (normalised.status === 401 && !options.ignoreUnauthorized) unauthorized.next();
    return normalised;
  }

  /** A call with progress: its progress events, then `done` with the decoded value. */
  function withProgress$<A, O>(method: Method, url: string, codec: t.Type<A, O, unknown>, options: TransferOptions = {}): Observable<TransferEvent<A>> {
    const what = `${method.toUpperCase()} /api${url}`;
    return transfer$({ method, url }, options).pipe(
      map((e): TransferEvent<A> => {
        if (e.type === 'progress') return e;
        const result = decode(codec, e.value.data);
        if (!result.ok) throw new DecodeError(what, result.errors);
        return { type: 'done', value: result.value };
      }),
    );
  }

  /** One JSON call: one decoded value, then complete. */
  const request$ = <A, O>(method: Method, url: string, codec: t.Type<A, O, unknown>, options: TransferOptions = {}): Observable<A> =>
    withProgress$(method, url, codec, options).pipe(answer());

  return {
    get: <A, O>(url: string, codec: t.Type<A, O, unknown>, options?: TransferOptions) => request$('get', url, codec, options),
    post: <A, O>(url: string, codec: t.Type<A, O, unknown>, options?: TransferOptions) => request$('post', url, codec, options),
    patch: <A, O>(url: string, codec: t.Type<A, O, unknown>, options?: TransferOptions) => request$('patch', url, codec, options),
    put: <A, O>(url: string, codec: t.Type<A, O, unknown>, options?: TransferOptions) => request$('put', url, codec, options),
    delete: <A, O>(url: string, codec: t.Type<A, O, unknown>, options?: TransferOptions) => request$('delete', url, codec, options),
    /** A call that reports upload and download progress as values of the stream. */
    withProgress: withProgress$,
    /** A file outside /api (e.g. /version.txt), as text. */
    text: (url: string, options: TransferOptions = {}): Observable<string> =>
      transfer$({ method: 'get', url, baseURL: `${origin}/` }, { authKey: null, quiet: true, responseType: 'text', ...options }).pipe(
        answer(),
        map((response) => String(response.data)),
      ),
    /** A 401 on any call that did not expect one: the app sends the user to /logout (spec §4). */
    unauthorized$: unauthorized.asObservable(),
    /** +1 when a non-quiet call starts, -1 when it ends: the spinner counts them. */
    activity$: activity.asObservable(),
    /** Headers every call carries, asked for per call (X-View-As follows the view-as choice). */
    setHeaderProvider: (fn: () => Record<string, string>) => void (extraHeaders = fn),
  };
}

/** Drops progress events: the answer alone. */
export function answer<A>(): OperatorFunction<TransferEvent<A>, A> {
  return (source) =>
    source.pipe(
      filter((e): e is Extract<TransferEvent<A>, { type: 'done' }> => e.type === 'done'),
      map((e) => e.value),
    );
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Whether an axios failure got no answer worth keeping: no response at all (refused, reset, hung
 * up), or a 502/503/504 (a 503 with Retry-After: when to send it again). A timeout the call chose
 * (`timeoutMs`) and an abort are not retried.
 */
function unansweredAxios(error: unknown): RetryVerdict {
  if (!axios.isAxiosError(error) || axios.isCancel(error)) return false;
  if (!error.response) return error.code !== 'ECONNABORTED' && error.code !== 'ETIMEDOUT';
  return verdictOf(error.response.status, error.response.headers['retry-after']);
}

/** A call the client itself aborted: never worth a dialog. */
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
