import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps.ts';

/**
 * The services of server/deps.ts as Fastify plugins: each group decorates the root instance with
 * its members, and each route plugin names the members it uses (routesUsing). Fastify refuses to
 * register a route plugin whose named members no group decorated; TypeScript refuses a route
 * plugin that touches a member it did not name.
 */
export const SERVICE_GROUPS = {
  settings: ['config', 'tokens'],
  database: ['transaction', 'cancellable', 'ping', 'idempotency', 'readsFor', 'readUpload', 'importRejects'],
  repositories: [
    'users', 'accountTokens', 'accounts', 'sessions', 'settings', 'attempts', 'scope', 'merchants', 'dashboard', 'intel', 'intelOn', 'insights',
    'announcements', 'rebates', 'payments', 'matches', 'userSessions', 'houseUsers', 'userAdmin', 'invoices', 'adminUsers', 'auditLog', 'salesReps',
    'digest', 'importJobs',
  ],
  caches: ['callers', 'dashboardAnswers', 'rebateAnswers', 'intelAnswers', 'merchantAnswers'],
  indexes: ['dashboardMemory', 'rebateMemory'],
  mailer: ['mail'],
  queues: ['invoiceJobs', 'importQueue'],
} as const satisfies Record<string, readonly (keyof Deps)[]>;

type Grouped = (typeof SERVICE_GROUPS)[keyof typeof SERVICE_GROUPS][number];
/** Fails to compile when a member of Deps is in no group (it would decorate nothing). */
export const EVERY_SERVICE_GROUPED: [Exclude<keyof Deps, Grouped>] extends [never] ? true : never = true;

/** The plugins that decorate the root instance with `deps`, a plugin per group, named `services.<group>`. */
export const servicePlugins = (deps: Deps): FastifyPluginAsync[] =>
  Object.entries(SERVICE_GROUPS).map(([group, members]) =>
    fp(
      async (app) => {
        for (const member of members) app.decorate(member, deps[member] as never);
      },
      { name: `services.${group}` },
    ));

/** A Fastify instance with the named services as typed members. */
export type Using<K extends keyof Deps> = FastifyInstance & Pick<Deps, K>;

/**
 * A route plugin that uses only the services it names. Encapsulated like any route plugin (its
 * hooks stay its own); the name list is checked by Fastify when it registers.
 */
export function routesUsing<K extends keyof Deps, Options extends object = Record<never, never>>(
  uses: readonly K[],
  routes: (app: Using<K>, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  const plugin: FastifyPluginAsync<Options> = async (app, options) => routes(app as Using<K>, options);
  return fp(plugin, { decorators: { fastify: [...uses] }, encapsulate: true });
}
