import type pg from 'pg';
import type { Config } from './config.ts';
import type { TokenSigner } from './auth/tokens.ts';
import { loginAttemptsRepository } from './repositories/login-attempts.ts';
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
  };
}
