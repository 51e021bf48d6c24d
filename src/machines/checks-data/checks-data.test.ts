import { describe, expect, it } from 'vitest';
import { definedTransitions, edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { CONVERT_FAILED, NOT_A_SHEET, READ_FAILED, TOO_MANY_ROWS } from '../../model/checks-data.ts';
import { ApiError } from '../../services/api-client.ts';
import { MACHINES } from '../registry.ts';
import { checksDataMachine } from './checks-data.ts';
import { badRowsError, sheetFile, sheetRows, textFile } from './checks-data-samples.ts';

const entry = MACHINES.find((m) => m.name === 'checks-data')!;
const start = () => startControlled(checksDataMachine, { actors: ['readSheet', 'convert'] });

/** The choices show once revealed; a message is one of the spec's; nothing is read or sent for a non-sheet. */
function assertScreen({ actor, callsOf }: ReturnType<typeof start>) {
  const { context } = actor.getSnapshot();
  if (context.error) expect([NOT_A_SHEET, READ_FAILED, CONVERT_FAILED, `${CONVERT_FAILED} ${badRowsError.message}`]).toContain(context.error);
  for (const call of callsOf('readSheet')) expect((call.input as File).name).toMatch(/\.xlsx?$/);
}

describe('checks data, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state', () => expectEveryStateReached(checksDataMachine, shortestPaths(entry), 'closed'));
  it('takes every transition the machine defines', () => expect(edges.map(edgeKey)).toEqual(expect.arrayContaining([...definedTransitions(checksDataMachine)])));
  itReplaysEdges(edges, start, assertScreen);
});

describe('checks data', () => {
  it('reads a sheet, sends its rows with the chosen kind, and names the saved PDF', async () => {
    const s = start();
    await s.replay({ type: 'checksData.toggled' }, 'choosing');
    await s.replay({ type: 'checksData.fileChosen', kind: 'details', file: sheetFile }, 'reading');
    await s.replay({ type: 'xstate.done.actor.readSheet', output: sheetRows }, 'converting');
    expect(s.callsOf('convert')[0]!.input).toEqual({ kind: 'details', rows: sheetRows });
    await s.replay({ type: 'xstate.done.actor.convert', output: 'Harbor.pdf' }, 'choosing');
    expect(s.actor.getSnapshot().context.saved).toBe('Harbor.pdf');
  });

  it('refuses a file that is not a spreadsheet, and says which rows the server refused', async () => {
    const s = start();
    await s.replay({ type: 'checksData.toggled' }, 'choosing');
    await s.replay({ type: 'checksData.fileChosen', kind: 'checks', file: textFile }, 'choosing');
    expect(s.actor.getSnapshot().context.error).toBe(NOT_A_SHEET);
    expect(s.callsOf('readSheet')).toHaveLength(0);
    await s.replay({ type: 'checksData.fileChosen', kind: 'checks', file: sheetFile }, 'reading');
    await s.replay({ type: 'xstate.done.actor.readSheet', output: sheetRows }, 'converting');
    await s.replay({ type: 'xstate.error.actor.convert', error: badRowsError }, 'choosing');
    expect(s.actor.getSnapshot().context.error).toBe('Failed to convert Xl file. Row 3: Account Name is missing.');
  });

  it('says the server’s reason when the sheet is over the row cap or the server is busy, and only the spec’s message otherwise', async () => {
    const s = start();
    await s.replay({ type: 'checksData.toggled' }, 'choosing');
    const failWith = async (error: Error) => {
      await s.replay({ type: 'checksData.fileChosen', kind: 'checks', file: sheetFile }, 'reading');
      await s.replay({ type: 'xstate.done.actor.readSheet', output: sheetRows }, 'converting');
      await s.replay({ type: 'xstate.error.actor.convert', error }, 'choosing');
      return s.actor.getSnapshot().context.error;
    };
    expect(await failWith(new ApiError(413, TOO_MANY_ROWS))).toBe(`${CONVERT_FAILED} ${TOO_MANY_ROWS}`);
    expect(await failWith(new ApiError(503, 'The server is busy.'))).toBe(`${CONVERT_FAILED} The server is busy.`);
    expect(await failWith(new ApiError(500, 'Something broke.'))).toBe(CONVERT_FAILED);
  });
});
