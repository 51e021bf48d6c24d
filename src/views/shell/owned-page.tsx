import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PageKey, PageMachine } from '../../machines/shell/page-registry.ts';
import { PAGE_LOAD_FAILED_MESSAGE, samePage, selectPage } from '../../machines/shell/selectors.ts';
import { AppActor } from '../../app-actor.ts';

/**
 * Renders a page whose machine the app's root actor owns (machines/shell/page-registry.ts): the
 * screen gets the running actor; while its machine loads, a loader; if it cannot load, why.
 */
export function OwnedPage<K extends PageKey>({ page, quiet = false, loading, children }: {
  page: K;
  /** A companion in the frame (the bell, a banner): nothing at all until it runs. */
  quiet?: boolean;
  /** What shows while the page's machine loads (a loader, unless the page has a frame of its own). */
  loading?: ReactNode;
  children: (ref: ActorRefFrom<PageMachine<K>>) => ReactNode;
}) {
  const state = AppActor.useSelector(selectPage(page), samePage);
  if (quiet && state.status !== 'ready') return null;
  if (state.status === 'failed') return <Alert color="red" m="md">{PAGE_LOAD_FAILED_MESSAGE}</Alert>;
  if (state.status === 'loading' && loading !== undefined) return loading;
  if (state.status === 'loading')
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  return children(state.ref);
}
