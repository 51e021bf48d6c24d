import { versionCheckMachine } from '../../machines/shell/version-check.ts';
import { useSystemActorRef } from './actor-contexts.ts';

/** Polls for a newer deployment and, when there is one, puts up the update notice (spec §4, §8). */
export function VersionWatch() {
  // The dev server's page is rebuilt on every start and never matches a built version.txt.
  return import.meta.env.DEV ? null : <VersionPoller />;
}

function VersionPoller() {
  useSystemActorRef(versionCheckMachine, { input: { currentVersion: __APP_VERSION__ } });
  return null;
}
