// A worker thread has no TypeScript loader of its own (neither under `tsx server/main.ts` for
// certain, nor under vitest): tsx loads the worker and what it imports, in its own namespace.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./documents-worker.ts', import.meta.url);
export default worker.default;
