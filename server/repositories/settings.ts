import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export type Features = Record<string, boolean>;

export function settingsRepository(db: pg.Pool) {
  async function get<T>(key: string): Promise<T | undefined> {
    const { rows } = await db.query<{ value: T }>('select value from app_settings where key = $1', [key]);
    return rows[0]?.value;
  }
  return {
    get,
    maintenance: async () => (await get<boolean>('maintenance')) === true,
    features: async () => (await get<Features>('features')) ?? {},
    /** A signing secret shared by every server on this database, made once. */
    async tokenSecret(): Promise<string> {
      const fresh = randomBytes(48).toString('base64url');
      await db.query(
        `insert into app_settings (key, value) values ('token_secret', to_jsonb($1::text)) on conflict (key) do nothing`,
        [fresh],
      );
      return (await get<string>('token_secret'))!;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
