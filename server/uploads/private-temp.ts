// A node's private scratch space for work on an upload whose source of truth is the database (a
// workbook check, exceljs reading a sheet): a folder in the system's temp folder, made for one
// piece of work and removed when it ends, however it ends. A process killed mid-way cannot remove
// its folder; its pid is in the name, so the next import queue started on the machine removes it.
import fs from 'node:fs';
import { isAlive } from '../process-alive.ts';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'portal-upload-';
const OWNER = new RegExp(`^${PREFIX}(\\d+)-`);

/** Runs `work` with a fresh private folder, removed afterwards (also when `work` throws). */
export async function withPrivateTemp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
  try {
    return await work(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Removes the private folders of processes that are gone (killed mid-work); returns how many. */
export async function removeDeadTemps(root = os.tmpdir()): Promise<number> {
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  const dead = names.filter((name) => {
    const owner = OWNER.exec(name)?.[1];
    return owner !== undefined && !isAlive(Number(owner));
  });
  await Promise.all(dead.map((name) => fs.promises.rm(path.join(root, name), { recursive: true, force: true })));
  return dead.length;
}
