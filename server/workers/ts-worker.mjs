// The one bootstrap of a worker thread whose code is TypeScript (server/workers/entry.ts): a
// thread inherits no loader hooks, under tsx or vitest alike, so tsx loads the module named in
// workerData.entry, and what it imports, in its own namespace. Its default export is the thread's
// (a Piscina task function); a module without one runs at import.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport(workerData.entry, import.meta.url);
export default worker.default;
