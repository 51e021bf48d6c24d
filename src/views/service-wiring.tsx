import { useEffect } from 'react';
import { apiClient } from '../services/auth-service.ts';
import { AuthActor, SpinnerActor } from './actor-contexts.ts';

/** Connects the framework-free api client to the app's actors: 401 → logout, calls → spinner. */
export function ServiceWiring() {
  const auth = AuthActor.useActorRef();
  const spinner = SpinnerActor.useActorRef();
  useEffect(() => {
    apiClient.setUnauthorizedHandler(() => auth.send({ type: 'auth.unauthorized' }));
    apiClient.setActivityHandler((delta) => spinner.send({ type: delta > 0 ? 'spinner.start' : 'spinner.stop' }));
  }, [auth, spinner]);
  return null;
}
