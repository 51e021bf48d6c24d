import type { Config } from './config.ts';
import type { SettingsRepository } from './repositories/settings.ts';

export const MAINTENANCE_MESSAGE = 'The portal is down for maintenance. Please check back later.';

/** Maintenance is on by MAINTENANCE=1 or the app setting; the setting is re-read at most every few seconds. */
export function maintenanceSwitch(config: Config, settings: SettingsRepository, cacheMs = 5000): () => Promise<boolean> {
  let cached: { value: boolean; at: number } | null = null;
  return async () => {
    if (config.maintenance) return true;
    if (cached && Date.now() - cached.at < cacheMs) return cached.value;
    cached = { value: await settings.maintenance(), at: Date.now() };
    return cached.value;
  };
}
