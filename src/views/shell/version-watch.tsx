import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { versionCheckMachine } from '../../machines/shell/version-check.ts';
import { NoticesActor } from './actor-contexts.ts';

export const UPDATE_NOTICE_ID = 'new-version';

/** Polls for a newer deployment and, when there is one, puts up the update notice (spec §4, §8). */
export function VersionWatch() {
  // The dev server's page is rebuilt on every start and never matches a built version.txt.
  return import.meta.env.DEV ? null : <VersionPoller />;
}

function VersionPoller() {
  const notices = NoticesActor.useActorRef();
  const [machine] = useState(() =>
    versionCheckMachine.provide({
      actions: {
        announceUpdate: () =>
          notices.send({
            type: 'notices.added',
            notice: {
              id: UPDATE_NOTICE_ID,
              kind: 'update',
              title: 'A new version is available',
              message: 'Please refresh the page to update the portal.',
            },
          }),
      },
    }),
  );
  useActorRef(machine, { input: { currentVersion: __APP_VERSION__ } });
  return null;
}
