import { isCancelled } from '../services/api-client.ts';

/** An action logging a failed call (spec §8: failures are logged); a cancelled one is not a failure. */
export const logFailure = (what: string) => ({ event }: { event: { error?: unknown } }) => {
  if (!isCancelled(event.error)) console.error(`${what} failed`, event.error);
};
