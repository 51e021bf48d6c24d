import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { DATA_VERSION_HEADER, replicaRouting, seenVersion } from './db/read-routing.ts';
import { inTransaction } from './db/transaction.ts';
import { joinRequestTransactions } from './db/request-transaction.ts';
import { answerCache } from './dashboard/answer-cache.ts';
import { dashboardMemory, rebateMemory } from './dashboard/dashboard-memory.ts';
import type { Config } from './config.ts';
import type { TokenSigner } from './auth/tokens.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountTokensRepository } from './repositories/account-tokens.ts';
import { accountsRepository } from './repositories/accounts.ts';
import { adminUsersRepository } from './repositories/admin-users.ts';
import { auditLogRepository } from './repositories/audit-log.ts';
import { announcementsRepository } from './repositories/announcements.ts';
import { dashboardRepository } from './repositories/dashboard.ts';
import { digestRepository } from './repositories/digest.ts';
import { loginAttemptsRepository } from './repositories/login-attempts.ts';
import { merchantsRepository } from './repositories/merchants.ts';
import { matchesRepository } from './repositories/matches.ts';
import { houseUsersRepository } from './repositories/house-users.ts';
import { intelRepository } from './repositories/intel.ts';
import { importJobsRepository } from './repositories/import-jobs.ts';
import { jobRejects } from './import/job-files.ts';
import { readUpload } from './uploads/upload-store.ts';
import { cancellable } from './db/cancellable.ts';
import type { Queryable } from './db/queryable.ts';
import { insightsRepository } from './repositories/insights.ts';
import { invoicesRepository } from './repositories/invoices.ts';
import { rebatesRepository } from './repositories/rebates.ts';
import { paymentsRepository } from './repositories/payments.ts';
import { salesRepsRepository } from './repositories/sales-reps.ts';
import { scopeRepository } from './repositories/scope.ts';
import { liveCallers } from './auth/live-callers.ts';
import { sessionsRepository } from './repositories/sessions.ts';
import { idempotencyRepository } from './repositories/idempotency.ts';
import { settingsRepository } from './repositories/settings.ts';
import { usersRepository } from './repositories/users.ts';
import { userAdminRepository } from './repositories/user-admin.ts';
import { userSessionsRepository } from './repositories/user-sessions.ts';

/**
 * The services of the API: the configuration, the token signer, repositories, answer caches,
 * indexes, the mailer and job queues (never the pool itself). Built once here; the app decorates
 * its instance with them by group (server/plugins/services.ts) and each route plugin names the
 * ones it uses (routesUsing).
 */
export type Deps = ReturnType<typeof repositories> & {
  /**
   * The repositories of this request's lag-tolerant reads (dashboard, Intel, insights, rebate and
   * merchant lists): on the replica when there is one as new as what the caller has seen, else on
   * the primary. Sets X-Data-Version when a replica is configured.
   */
  readsFor(request: FastifyRequest, reply: FastifyReply): Promise<ReadRepositories>;
};

/** What a lag-tolerant read may use: the same on the primary and on the replica. */
export type ReadRepositories = Pick<ReturnType<typeof repositories>, 'cancellable' | 'dashboard' | 'merchants' | 'intel' | 'insights' | 'rebates'>;

/** `replica`: DATABASE_REPLICA_URL's pool (server/db/read-routing.ts); without one every read is on `pool`. */
export function makeDeps(config: Config, pool: pg.Pool, tokens: TokenSigner, mailer?: Mailer, replica: pg.Pool | null = null): Deps {
  joinRequestTransactions(pool); // as openDatabase's pools do (tests bring their own)
  const deps: Deps = { ...repositories(config, pool, tokens, mailer), readsFor: async () => deps };
  if (!replica) return deps;
  const routing = replicaRouting(pool, replica, dashboardRepository(replica).dataVersion);
  const onReplica: ReadRepositories = {
    cancellable: routing.cancellable,
    dashboard: dashboardRepository(routing.db),
    merchants: merchantsRepository(routing.db),
    intel: intelRepository(routing.db),
    insights: insightsRepository(routing.db),
    rebates: rebatesRepository(routing.db),
  };
  deps.readsFor = async (request, reply) => {
    const replicaVersion = await routing.usable(seenVersion(request));
    reply.header(DATA_VERSION_HEADER, replicaVersion ?? (await deps.dashboard.dataVersion()));
    return replicaVersion === null ? deps : onReplica;
  };
  return deps;
}

function repositories(config: Config, pool: pg.Pool, tokens: TokenSigner, mailer?: Mailer) {
  return {
    config,
    tokens,
    mail: mailer ?? createMailer({ ...config.mail, outboxDir: path.join(config.dataDir, 'outbox') }),
    /** Runs work in one transaction: used where several writes must all happen or none. */
    transaction: <T>(work: (client: pg.PoolClient) => Promise<T>) => inTransaction(pool, work),
    /** Work whose running queries PostgreSQL cancels when `signal` aborts. */
    cancellable: <T>(signal: AbortSignal, work: (db: Queryable) => Promise<T>) => cancellable(pool, signal, work),
    ping: async () => void (await pool.query('select 1')),
    /** Writes sent with an Idempotency-Key, applied once (server/http/idempotency.ts). */
    idempotency: idempotencyRepository(pool, config.databaseDirectUrl),
    users: usersRepository(pool),
    accountTokens: accountTokensRepository(pool),
    accounts: accountsRepository(pool),
    sessions: sessionsRepository(pool),
    settings: settingsRepository(pool),
    attempts: loginAttemptsRepository(pool),
    scope: scopeRepository(pool),
    /** The caller of each request's session, remembered while nothing it was read from changes (ANSWER_CACHE=off: read each time). */
    callers: liveCallers(scopeRepository(pool), { remember: config.answerCache }),
    merchants: merchantsRepository(pool),
    dashboard: dashboardRepository(pool),
    /** Dashboard answers per house, selection, range and data version. */
    dashboardAnswers: answerCache({ enabled: config.answerCache }),
    /** Rebate list pages, the same way (the costliest part of a Monday-morning mix without them). */
    rebateAnswers: answerCache({ enabled: config.answerCache }),
    /** Intel batches, the same way (the heaviest call of users with Intel); up to ~1 MB each, so fewer. */
    intelAnswers: answerCache({ maxEntries: 200, enabled: config.answerCache }),
    /** Merchant lists (a 5,000-merchant house's list is in every user's first minute). */
    merchantAnswers: answerCache({ enabled: config.answerCache }),
    /** The dashboard's figures, sellers and the directory in memory, per data version. */
    dashboardMemory: dashboardMemory(pool, { enabled: config.dashboardIndex, families: config.indexFamilies, shared: config.indexDir ?? undefined }),
    /** The rebates in force in memory, per data version and day. */
    rebateMemory: rebateMemory(pool, { enabled: config.dashboardIndex }),
    intel: intelRepository(pool),
    /** The intel queries on cancellable's database. */
    intelOn: intelRepository,
    insights: insightsRepository(pool),
    announcements: announcementsRepository(pool),
    rebates: rebatesRepository(pool),
    payments: paymentsRepository(pool),
    matches: matchesRepository(pool),
    userSessions: userSessionsRepository(pool),
    houseUsers: houseUsersRepository(pool),
    userAdmin: userAdminRepository(pool),
    invoices: invoicesRepository(pool),
    adminUsers: adminUsersRepository(pool),
    auditLog: auditLogRepository(pool),
    salesReps: salesRepsRepository(pool),
    /** The digest's preferences, send records and the bell's last opening (server/digest/). */
    digest: digestRepository(pool),
    /** Where uploads queue their OCR job: set by whoever starts the queue (server/invoices/queue.ts). Without one, images wait as 'pending' and are queued when a worker starts. */
    invoiceJobs: jobSlot(),
    importJobs: importJobsRepository(pool),
    importQueue: jobSlot(),
    /** An import job's reject file in the upload store (read in from the disk of a job from before migration 160), or null. */
    importRejects: (jobId: number, name: string) => jobRejects(pool, jobId, name),
    /** An upload's bytes as a stream, from PostgreSQL: any node serves what any node received (server/uploads/upload-store.ts). */
    readUpload: (id: number) => readUpload(pool, id),
  };
}

/** A late-bound job sink: a queue starts after the app is built (it needs the migrated database). */
function jobSlot() {
  let sink: ((id: number) => Promise<void>) | null = null;
  return {
    attach(enqueue: (id: number) => Promise<void>) { sink = enqueue; },
    async enqueue(id: number) { await sink?.(id); },
  };
}
