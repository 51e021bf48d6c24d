// The entry of a worker thread whose code is TypeScript: registers tsx in this thread (a worker
// inherits no loader hooks, under `tsx` or vitest alike), then runs the module in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
