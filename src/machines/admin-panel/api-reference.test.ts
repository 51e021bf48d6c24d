import { describe, expect, it } from 'vitest';
import { distinctEdges, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { ApiError } from '../../services/api-client.ts';
import { referencePage } from './admin-panel-samples.ts';
import { apiReferenceMachine } from './api-reference.ts';
import { ADMIN_PANEL_MACHINES } from './registration.ts';

const edges = distinctEdges(stateChangingEdges(ADMIN_PANEL_MACHINES.find((m) => m.name === 'api-reference')!));
const start = () => startControlled(apiReferenceMachine, { actors: ['load', 'download'] });

describe('API reference, model-based', () => {
  it('takes every transition', () => expectEveryTransitionTaken(apiReferenceMachine, edges));
  itReplaysEdges(edges, start, (run) => {
    const { context } = run.actor.getSnapshot();
    // The page shown is the one the server sent; a download is asked for only once it is shown.
    if (run.actor.getSnapshot().hasTag('shown') || run.callsOf('download').length > 0) expect(context.html).toBe(referencePage);
  });

  it('loads again on Retry, and leaving aborts the load', async () => {
    const run = start();
    await run.replay({ type: 'apiReference.downloadRequested' }, 'loading');
    expect(run.callsOf('download')).toEqual([]);
    await run.replay({ type: 'xstate.error.actor.load', error: new ApiError(500, 'Something went wrong') }, 'failed');
    await run.replay({ type: 'apiReference.retried' }, 'loading');
    expect(run.callsOf('load')).toHaveLength(2);
    run.actor.stop();
    expect(run.callsOf('load')[1]!.signal.aborted).toBe(true);
  });

  it('downloads while the page stays shown; a failed download is tried again by the same button', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.load', output: referencePage }, 'shown');
    await run.replay({ type: 'apiReference.downloadRequested' }, 'downloading');
    await run.replay({ type: 'apiReference.downloadRequested' }, 'downloading');
    expect(run.callsOf('download')).toHaveLength(1);
    await run.replay({ type: 'xstate.error.actor.download', error: new ApiError(0, 'Something went wrong') }, 'downloadFailed');
    await run.replay({ type: 'apiReference.downloadRequested' }, 'downloading');
    await run.replay({ type: 'xstate.done.actor.download' }, 'shown');
    expect(run.callsOf('download')).toHaveLength(2);
    expect(run.actor.getSnapshot().context.html).toBe(referencePage);
  });
});
