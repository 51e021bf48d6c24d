import type { SnapshotFrom } from 'xstate';
import type { purchaseImportMachine } from './purchase-import.ts';

/** What the purchase import page shows (docs/import.md). */
export { IMPORT_COLUMNS, isImportFinished } from '../../model/purchase-import.ts';
export { sameView } from '../admin-dashboard/selectors.ts';

/**
 * The page: the recent imports, the import being followed, the upload's progress, and what is
 * enabled (tag `busy` while a file is sent or its import followed; a download only when idle).
 */
export function selectImportView(s: SnapshotFrom<typeof purchaseImportMachine>) {
  const { jobs, current, uploadPercent, error, rejectsOf } = s.context;
  const uploading = s.matches('uploading');
  return {
    jobs,
    loading: s.matches('loading'),
    uploading,
    busy: s.hasTag('busy'),
    percent: uploadPercent,
    error,
    /** The import shown under the form (not while a new file is sent). */
    current: uploading ? null : current,
    /** The job whose rejected rows are being downloaded. */
    rejectsOf: s.matches('downloadingRejects') ? (rejectsOf?.id ?? null) : null,
    mayDownload: s.matches('idle'),
  };
}
