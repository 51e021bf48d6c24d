import type pg from 'pg';
import type { Config } from './config.ts';
import type { TokenSigner } from './auth/tokens.ts';
import { announcementsRepository } from './repositories/announcements.ts';
import { dashboardRepository } from './repositories/dashboard.ts';
import { loginAttemptsRepository } from './repositories/login-attempts.ts';
import { merchantsRepository } from './repositories/merchants.ts';
import { matchesRepository } from './repositories/matches.ts';
import { rebatesRepository } from './repositories/rebates.ts';
import { scopeRepository } from './repositories/scope.ts';
import { sessionsRepository } from './repositories/sessions.ts';
import { settingsRepository } from './repositories/settings.ts';
import { usersRepository } from './repositories/users.ts';

/** What routes may use: the configuration, the token signer and the repositories (never the pool itself). */
export type Deps = ReturnType<typeof makeDeps>;

export function makeDeps(config: Config, pool: pg.Pool, tokens: TokenSigner) {
  return {
    config,
    tokens,
    ping: async () => void (await pool.query('select 1')),
    users: usersRepository(pool),
    sessions: sessionsRepository(pool),
    settings: settingsRepository(pool),
    attempts: loginAttemptsRepository(pool),
    scope: scopeRepository(pool),
    merchants: merchantsRepository(pool),
    dashboard: dashboardRepository(pool),
    announcements: announcementsRepository(pool),
    rebates: rebatesRepository(pool),
    matches: matchesRepository(pool),
  };
}
