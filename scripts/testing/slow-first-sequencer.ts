// Vitest's own order runs the files that took longest last time first, from a cache a fresh clone
// does not have; it then falls back to file size, which left the longest database files (fuzz,
// import, invoices) to start late and end the layer alone. The files that start whole servers
// (api-processes, durability, poison-restart) and the OCR readers are left out on purpose: put
// first (2026-11-29), they started beside the browser layer's three servers and Chromiums, and
// their 60–120 s budgets ran out on a fresh clone. These start first, longest first
// (a fresh clone, 2026-11-28, three workers beside the browser layer: 269, 193, 182, 141, 104,
// 100 s), and the rest follow in vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW_FIRST = [
  'server/security/fuzz.test.ts',
  'server/import/import.test.ts',
  'server/routes/invoices.test.ts',
  'server/dashboard/dashboard-index.test.ts',
  'server/routes/account.test.ts',
  'server/routes/dashboard.test.ts',
  'server/digest/digest.test.ts',
  'server/startup.test.ts',
  'server/routes/invoice-review.test.ts',
  'server/routes/admin-imports.test.ts',
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
