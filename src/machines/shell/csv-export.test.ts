import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromObservable, type SnapshotFrom } from 'xstate';
import { map, of } from 'rxjs';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { csvExportMachine } from './csv-export.ts';

function started() {
  const saved: (CsvExport | null)[] = [];
  const actor = createActor(csvExportMachine.provide({ actors: { saveCsv: fromObservable<void, CsvExport | null>(({ input }) => of(saved.push(input)).pipe(map(() => undefined))) } })).start();
  return { saved, actor };
}

describe('csv export', () => {
  it('saves what the view builds, on each press and only then', () => {
    const { saved, actor } = started();
    let builds = 0;
    const build = () => ({ fileName: `Export ${++builds}.csv`, rows: [{ item: '=SUM(A1)' }] });
    expect(saved).toEqual([]);
    actor.send({ type: 'csv.requested', build });
    actor.send({ type: 'csv.requested', build });
    expect(saved.map((c) => c?.fileName)).toEqual(['Export 1.csv', 'Export 2.csv']);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it("exports what a machine shows: its selector reads the machine's snapshot at the press", () => {
    const { saved, actor } = started();
    const counter = createActor(createMachine({ context: { n: 1 }, on: { up: { actions: assign({ n: ({ context }) => context.n + 1 }) } } })).start();
    const select = (s: SnapshotFrom<typeof counter>) => ({ fileName: `Count ${s.context.n}.csv`, rows: [{ n: s.context.n }] });
    counter.send({ type: 'up' });
    actor.send({ type: 'csv.requested', from: counter, select });
    expect(saved).toEqual([{ fileName: 'Count 2.csv', rows: [{ n: 2 }] }]);
  });
});
