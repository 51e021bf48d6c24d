// Vitest's own order runs the files that took longest last time first, from a cache a fresh clone
// does not have; it then falls back to file size, which left the longest files to start late and
// end the layer alone. These start first, longest first (times of 2026-11-29, three workers on a
// machine busy with other work: the files that start whole servers 302, 159, 138, 131 s; the OCR
// readers 116 s; the document, import and invoice files 107–113 s), and the rest follow in
// vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW_FIRST = [
  'server/api-processes.test.ts',
  'server/import/poison-restart.test.ts',
  'server/db/durability.test.ts',
  'server/security/nodes-share-uploads.test.ts',
  'server/invoices/orientation.test.ts',
  'server/invoices/reader-process.test.ts',
  'server/routes/heavy-documents.test.ts',
  'server/import/import.test.ts',
  'server/routes/invoices.test.ts',
  'server/security/fuzz.test.ts',
  'server/routes/dashboard.test.ts',
  'server/uploads/workbook-limits.test.ts',
  'server/dashboard/dashboard-index.test.ts',
  'server/routes/account.test.ts',
  'tests/unit/machine-catalogue.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return i === -1 ? SLOW_FIRST.length : i;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Array sort is stable: the files not listed keep vitest's order.
    return ordered.sort((a, b) => rank(a) - rank(b));
  }
}
