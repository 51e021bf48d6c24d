import { useEffect } from 'react';
import { IntelActor } from './intel-actor.ts';

/** Tells the machine which intel page is on screen, so /intel comes back to it (spec §2). */
export function useVisited(path: string | null) {
  const actor = IntelActor.useActorRef();
  useEffect(() => {
    if (path) actor.send({ type: 'intel.visited', path });
  }, [actor, path]);
}
