import { describe, expect, it } from 'vitest';
import { createActor, fromObservable } from 'xstate';
import { map, of } from 'rxjs';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { csvExportMachine } from './csv-export.ts';

describe('csv export', () => {
  it('saves what the view builds, on each press and only then', () => {
    const saved: CsvExport[] = [];
    let builds = 0;
    const actor = createActor(csvExportMachine.provide({ actors: { saveCsv: fromObservable<void, CsvExport>(({ input }) => of(saved.push(input)).pipe(map(() => undefined))) } })).start();
    const build = () => ({ fileName: `Export ${++builds}.csv`, rows: [{ item: '=SUM(A1)' }] });
    expect(saved).toEqual([]);
    actor.send({ type: 'csv.requested', build });
    actor.send({ type: 'csv.requested', build });
    expect(saved.map((c) => c.fileName)).toEqual(['Export 1.csv', 'Export 2.csv']);
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
