import os from 'node:os';
import path from 'node:path';
import { readAzureConfig, type AzureConfig } from './auth/azure-config.ts';
import { readTrustProxy, type TrustProxy } from './http/trust-proxy.ts';

/** Everything the server reads from its environment, read once at start. */
export type Config = {
  port: number;
  host: string;
  /** Any PostgreSQL server; unset means the embedded one in `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * A direct connection to the primary for what needs a session of its own (migrations' lock,
   * pg-boss, seeding) when DATABASE_URL goes through a pooler in transaction mode; unset: DATABASE_URL.
   */
  databaseDirectUrl: string | undefined;
  /** A streaming replica for the reads that may lag (server/db/read-routing.ts); unset: everything on the primary. */
  databaseReplicaUrl: string | undefined;
  dataDir: string;
  /** MAINTENANCE=1 forces maintenance mode whatever the app setting says. */
  maintenance: boolean;
  /** Signing secret for auth tokens; unset means one generated and kept in the database. */
  tokenSecret: string | undefined;
  tokenTtlHours: number;
  /** Size of the demo data seeded on the first start of an empty database. */
  seed: { merchants: number; months: number };
  distDir: string;
  logLevel: string;
  /**
   * How long a client may take to send one whole request, body included: a body that never
   * ends is answered 408 and its connection closed (default 60 s: a 512 MB import then needs
   * ~72 Mbit/s; raise it where imports that large come over slower links).
   */
  requestTimeoutMs: number;
  /** How long a client may take to send a request's headers (default 30 s, at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** How long a closing server waits for requests in flight before it cuts their connections (default 10 s). */
  shutdownGraceMs: number;
  /**
   * Open connections one client address may hold in each API process (server/http/connection-cap.ts);
   * loopback and the proxies TRUST_PROXY names are not counted.
   */
  maxConnectionsPerAddress: number;
  /** Behind load balancers, which of them give the client address in X-Forwarded-For (server/http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Microsoft sign-in (server/auth/azure-config.ts); null when not configured. */
  azure: AzureConfig | null;
  /** Outgoing email: an SMTP server, or none (messages land in DATA_DIR/outbox). */
  mail: { smtpUrl: string | undefined; from: string };
  /** The portal's public origins; emailed links may only point there (none set: loopback only). */
  publicUrls: string[];
  /**
   * The caches (server/dashboard/answer-cache.ts, server/auth/live-callers.ts); ANSWER_CACHE=off
   * computes every answer and reads every caller, to measure without them.
   */
  answerCache: boolean;
  /**
   * The data version's indexes in memory (server/dashboard/dashboard-memory.ts): the dashboard's
   * figures, Intel's volumes, merchant lists and the rebates in force; DASHBOARD_INDEX=0 answers
   * them all from SQL.
   */
  dashboardIndex: boolean;
  /**
   * The families whose figures this node's indexes hold (INDEX_FAMILIES: the ids of their head
   * distributors, separated by commas, or 'none'); null, the default, holds every family. A cluster node
   * behind HAProxy's routing by family (scripts/cluster/families.ts) loads only the families
   * routed to it; any other house is answered from SQL.
   */
  indexFamilies: number[] | null;
  /**
   * The machine's index folder (INDEX_DIR, default DATA_DIR/index): one process writes a data
   * version's dashboard index there and every API process maps that file (shared-index.ts). On a
   * tmpfs (/dev/shm) its pages cannot be evicted by other files; on a disk it also serves a restart.
   * null (INDEX_DIR=none): each process builds and holds its own copy.
   */
  indexDir: string | null;
  /**
   * How many processes serve the API on PORT (server/api-processes.ts): one per core by default,
   * at most 4, sharing one copy of the dashboard index; 1 serves from this process alone.
   */
  apiProcesses: number;
  /** With more than one API process, keep a warm spare that takes a dead one's place at once (API_SPARE=0: none). */
  apiSpare: boolean;
  /** Run the invoice OCR worker inside the server (INVOICE_WORKER=0 leaves it to `npm run worker`). */
  invoiceWorker: boolean;
  /** Run purchase imports inside the server (IMPORT_WORKER=0 only queues them, for `npm run worker`). */
  importWorker: boolean;
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return n;
}

/** Positive whole numbers separated by commas; 'none' is none; null when unset. */
function idList(env: NodeJS.ProcessEnv, name: string): number[] | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.trim() === 'none') return [];
  const ids = raw.split(',').map((part) => part.trim());
  if (!ids.every((id) => /^[1-9]\d{0,9}$/.test(id))) throw new Error(`${name} must be distributor ids separated by commas, got '${raw}'`);
  return [...new Set(ids.map(Number))];
}

/** 1/true or 0/false; anything else is refused rather than guessed. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0 (true or false), got '${raw}'`);
}

/** A PostgreSQL connection string, or unset; only with DATABASE_URL (the embedded database has no pooler or replica). */
function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch { /* refused below */ }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error(`${name} must be a PostgreSQL URL (postgres://user:pass@host:5432/db), got '${raw}'`);
  }
  if (!env.DATABASE_URL) throw new Error(`${name} needs DATABASE_URL too (without it the server runs its own embedded PostgreSQL)`);
  return raw;
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`PUBLIC_URL must be http(s) addresses separated by commas, got '${url}'`);
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: positiveInt(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: postgresUrl(env, 'DATABASE_DIRECT_URL'),
    databaseReplicaUrl: postgresUrl(env, 'DATABASE_REPLICA_URL'),
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    maintenance: env.MAINTENANCE === '1' || env.MAINTENANCE === 'true',
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenTtlHours: positiveInt(env, 'TOKEN_TTL_HOURS', 12),
    seed: { merchants: positiveInt(env, 'SEED_MERCHANTS', 300), months: positiveInt(env, 'SEED_MONTHS', 12) },
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    // Requests are logged at info; by default only warnings and errors are.
    logLevel: env.LOG_LEVEL || 'warn',
    requestTimeoutMs: positiveInt(env, 'REQUEST_TIMEOUT_MS', 60_000),
    headersTimeoutMs: positiveInt(env, 'HEADERS_TIMEOUT_MS', 30_000),
    shutdownGraceMs: positiveInt(env, 'SHUTDOWN_GRACE_MS', 10_000),
    maxConnectionsPerAddress: positiveInt(env, 'MAX_CONNECTIONS_PER_ADDRESS', 64),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    azure: readAzureConfig(env),
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || 'Distributor Portal <no-reply@portal.test>' },
    answerCache: env.ANSWER_CACHE !== 'off' && env.ANSWER_CACHE !== '0' && env.ANSWER_CACHE !== 'false',
    dashboardIndex: flag(env, 'DASHBOARD_INDEX', true),
    indexFamilies: idList(env, 'INDEX_FAMILIES'),
    indexDir: env.INDEX_DIR === 'none' ? null : path.resolve(env.INDEX_DIR || path.join(env.DATA_DIR || 'data', 'index')),
    apiProcesses: positiveInt(env, 'API_PROCESSES', Math.min(4, os.availableParallelism())),
    apiSpare: flag(env, 'API_SPARE', true),
    invoiceWorker: env.INVOICE_WORKER !== '0' && env.INVOICE_WORKER !== 'false',
    importWorker: flag(env, 'IMPORT_WORKER', true),
    publicUrls: (env.PUBLIC_URL ?? '').split(',').map((u) => u.trim()).filter(Boolean).map(origin),
  };
}
