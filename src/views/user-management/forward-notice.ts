import { useEffect, useRef } from 'react';
import type { Notice } from '../../model/notices.ts';
import { NoticesActor } from '../shell/actor-contexts.ts';

const SUCCESS_SHOWN_MS = 5000;

/**
 * Shows a machine's newest notice in the app-wide notices area (spec §8 messages). Successes
 * go away by themselves; failures stay until dismissed.
 */
export function useForwardNotice(notice: Notice | null) {
  const notices = NoticesActor.useActorRef();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || shown.current === notice.id) return;
    shown.current = notice.id;
    // Machine ids restart when the page remounts; the area needs ids unique for the session.
    const id = `${notice.id}-${Date.now()}`;
    notices.send({ type: 'notices.added', notice: { ...notice, id } });
    if (notice.kind === 'success') setTimeout(() => notices.send({ type: 'notices.dismissed', id }), SUCCESS_SHOWN_MS);
  }, [notice, notices]);
}
