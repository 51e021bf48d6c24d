import { describe, expect, it } from 'vitest';
import { stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { IMPORT_UPLOAD_MESSAGES } from '../../model/purchase-import.ts';
import { MACHINES } from '../registry.ts';
import { csvFile, loadedJob, pdfFile, runningJob, sampleJob, serverError, xlsxFile } from './import-samples.ts';
import { IMPORTS_FAILED_MESSAGE, REJECTS_FAILED_MESSAGE, purchaseImportMachine } from './purchase-import.ts';

const entry = MACHINES.find((m) => m.name === 'purchase-import')!;
const saved: { job: number; size: number }[] = [];
const start = () =>
  startControlled(purchaseImportMachine, {
    actors: ['loadJobs', 'upload', 'follow', 'downloadRejects'],
    provide: { actions: { saveRejects: (_: unknown, p: { blob: Blob; job: { id: number } }) => void saved.push({ job: p.job.id, size: p.blob.size }) } },
  });

/** What the admin sees: a job shown only once the server has one; the upload bar only while sending. */
function assertScreen({ actor }: ReturnType<typeof start>) {
  const { value, context } = actor.getSnapshot();
  if (value === 'following') expect(context.current).not.toBeNull();
  if (value === 'uploading') expect(context.error).toBeNull();
  expect(context.jobs.filter((j) => j.id === context.current?.id).length).toBeLessThanOrEqual(1);
}

describe('purchase import, model-based', () => {
  itReplaysEdges(stateChangingEdges(entry), start, assertScreen);
});

describe('purchase import', () => {
  it('sends a CSV, follows its job to the summary, then saves its rejected rows', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadJobs', output: [] }, 'idle');
    await s.replay({ type: 'import.fileChosen', file: csvFile }, 'uploading');
    expect(s.callsOf('upload')[0]!.input).toEqual({ file: csvFile.file });
    await s.replay({ type: 'import.uploadProgress', percent: 40 }, 'uploading');
    expect(s.actor.getSnapshot().context.uploadPercent).toBe(40);
    await s.replay({ type: 'import.uploaded', job: sampleJob() }, 'following');
    expect(s.callsOf('follow')[0]!.input).toEqual({ job: sampleJob() });
    await s.replay({ type: 'import.progress', job: runningJob }, 'following');
    await s.replay({ type: 'import.progress', job: loadedJob }, 'following');
    await s.replay({ type: 'xstate.done.actor.follow' }, 'idle');
    expect(s.actor.getSnapshot().context.jobs).toEqual([loadedJob]);
    await s.replay({ type: 'import.rejectsRequested', job: loadedJob }, 'downloadingRejects');
    expect(s.callsOf('downloadRejects')[0]!.input).toEqual({ job: loadedJob });
    await s.replay({ type: 'xstate.done.actor.downloadRejects', output: new Blob(['line,reason\n']) }, 'idle');
    expect(saved).toContainEqual({ job: loadedJob.id, size: 12 });
  });

  it('refuses a file that is neither CSV nor XLSX before sending anything; an XLSX is sent', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadJobs', output: [] }, 'idle');
    await s.replay({ type: 'import.fileChosen', file: pdfFile }, 'idle');
    expect(s.actor.getSnapshot().context.error).toBe(IMPORT_UPLOAD_MESSAGES.notImportFile);
    expect(s.callsOf('upload')).toHaveLength(0);
    await s.replay({ type: 'import.fileChosen', file: xlsxFile }, 'uploading');
    expect(s.callsOf('upload')).toHaveLength(1);
  });

  it('after a reload mid-import, follows the running job again; failures say so', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadJobs', output: [runningJob] }, 'following');
    expect(s.callsOf('follow')[0]!.input).toEqual({ job: runningJob });
    await s.replay({ type: 'xstate.error.actor.follow', error: serverError }, 'idle');
    expect(s.actor.getSnapshot().context.error).toBe(IMPORTS_FAILED_MESSAGE);
    await s.replay({ type: 'import.rejectsRequested', job: loadedJob }, 'downloadingRejects');
    await s.replay({ type: 'xstate.error.actor.downloadRejects', error: serverError }, 'idle');
    expect(s.actor.getSnapshot().context.error).toBe(REJECTS_FAILED_MESSAGE);
  });
});
