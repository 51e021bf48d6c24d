import { familyCookie } from './http/family-cookie.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { auditLogRoutes } from './routes/audit-log.ts';
import { loadSpeedRoutes } from './routes/load-speeds.ts';
import { salesRepRoutes } from './routes/sales-reps.ts';
import { auditWrites } from './auth/audit-writes.ts';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authenticate } from './auth/authenticate.ts';
import { gate } from './auth/gate.ts';
import { audienceOf } from './auth/route-audience.ts';
import type { Deps } from './deps.ts';
import { compression } from './http/compression.ts';
import { documentedApi } from './http/openapi.ts';
import { servicePlugins } from './plugins/services.ts';
import { HttpError } from './http/errors.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { idempotency } from './http/idempotency.ts';
import { capConnectionsPerAddress, exemptFromCap } from './http/connection-cap.ts';
import { requestTimeouts } from './http/request-timeouts.ts';
import { cutConnectionsAfter } from './http/shutdown-grace.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { MAINTENANCE_MESSAGE, maintenanceSwitch } from './maintenance.ts';
import { accountRoutes } from './routes/account.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { announcementRoutes } from './routes/announcements.ts';
import { authRoutes } from './routes/auth.ts';
import { microsoftAuthRoutes } from './routes/auth-microsoft.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { allowMicrosoftRedirectBridge } from './microsoft-redirect.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { digestRoutes } from './routes/digest.ts';
import { intelRoutes } from './routes/intel.ts';
import { insightsRoutes } from './routes/insights.ts';
import { distributorUserRoutes } from './routes/distributor-user.ts';
import { distributorUsersRoutes } from './routes/distributor-users.ts';
import { userManagementRoutes } from './routes/user-management.ts';
import { authSessionRoutes } from './routes/auth-session.ts';
import { merchantRoutes } from './routes/merchants.ts';
import { matchRoutes } from './routes/matches.ts';
import { adminImportRoutes } from './routes/admin-imports.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { rebateRoutes } from './routes/rebates.ts';
import { paymentRoutes } from './routes/payments.ts';
import { businessPanelRoutes } from './routes/business-panel.ts';
import { statusRoutes } from './routes/status.ts';
import { userRoutes } from './routes/user.ts';
import { builtVersion, serveSpa } from './spa.ts';

/** Public routes that maintenance mode still refuses: every way to log in. */
const LOGINS = ['/api/auth/login', '/api/auth/microsoft'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as 'METHOD /path': the security tests call each one. */
    routeTable: string[];
  }
}

/** Builds the whole server; tests call it too and talk to it through `app.inject`. */
const DATABASE_UNAVAILABLE = 'The database is not reachable for a moment. Please try again.';

export async function buildApp(deps: Deps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({ logger, trustProxy: fastifyTrustProxy(config.trustProxy), bodyLimit: 1_000_000, ...requestTimeouts(config.requestTimeoutMs, config.headersTimeoutMs) });
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, exemptFromCap(config.trustProxy));
  cutConnectionsAfter(app, config.shutdownGraceMs);
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push(`${method} ${route.url}`);
  });
  const inMaintenance = maintenanceSwitch(deps.config, deps.settings);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'", 'https://login.microsoftonline.com'], 'frame-src': ["'self'", 'blob:', 'https://login.microsoftonline.com'] },
    },
    // MSAL's sign-in popup must stay reachable from the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  allowMicrosoftRedirectBridge(app);
  // Before compression: the answer a repeated write gets is the handler's own (Idempotency-Key).
  idempotency(app, deps.idempotency);
  await compression(app);
  // API answers carry auth keys and personal data: no browser or proxy may keep them. Set on the
  // request, so errors and unknown /api paths carry it too.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message, ...(error.details ? { errors: error.details } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.code(status).send({ message: status === 413 ? 'The request is too large.' : (error as Error).message });
    }
    if (isDatabaseUnavailable(error)) {
      // Unanswered, not failed: sent again in a moment, it reaches the primary (server/db/unavailable.ts).
      request.log.warn(error);
      return reply.code(503).header('retry-after', '1').send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error(error);
    return reply.code(500).send({ message: 'Something went wrong' });
  });

  for (const services of servicePlugins(deps)) await app.register(services);
  const version = builtVersion(deps.config.distDir);
  await documentedApi(app, version);
  await app.register(
    async (api) => {
      api.decorateRequest('auth', null);
      api.decorateRequest('actingAdminId', null);
      api.decorateRequest('callerFacts', null);
      api.decorateRequest('scope', null as never); // set by the gate on every request
      api.addHook('onRequest', async (request, reply) => {
        if (audienceOf(request) === 'public' && !LOGINS.includes(request.routeOptions.url ?? '')) return;
        if (await inMaintenance()) return reply.code(503).send({ message: MAINTENANCE_MESSAGE });
      });
      api.addHook('onRequest', authenticate(deps.tokens, deps.callers));
      // Who may call each route (src/model/route-permissions.ts), checked here and nowhere else.
      api.addHook('onRequest', gate(deps.scope));
      api.addHook('onSend', auditWrites(deps));
      api.addHook('onSend', familyCookie);
      await api.register(statusRoutes, { version, maintenance: inMaintenance });
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(microsoftAuthRoutes);
      await api.register(analyticsRoutes);
      await api.register(userRoutes);
      await api.register(distributorUserRoutes);
      await api.register(distributorUsersRoutes);
      await api.register(userManagementRoutes);
      await api.register(authSessionRoutes);
      await api.register(merchantRoutes);
      await api.register(dashboardRoutes);
      await api.register(intelRoutes);
      await api.register(insightsRoutes);
      await api.register(announcementRoutes);
      await api.register(rebateRoutes);
      await api.register(matchRoutes);
      await api.register(invoiceRoutes);
      await api.register(adminImportRoutes);
      await api.register(paymentRoutes);
      await api.register(businessPanelRoutes);
      await api.register(adminUserRoutes);
      await api.register(salesRepRoutes);
      await api.register(auditLogRoutes);
      await api.register(loadSpeedRoutes);
      await api.register(digestRoutes);
      await api.register(apiDocsRoutes);
    },
    { prefix: '/api' },
  );

  await serveSpa(app, deps.config.distDir);
  return app;
}
