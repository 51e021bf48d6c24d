// Whether a process of this machine named by a pid file or a file name still runs: lock files
// (embedded PostgreSQL's DATA_DIR, the shared index) and private temp folders are taken over or
// removed once their process is gone.
import fs from 'node:fs';

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process stays a zombie until its parent reaps it (a crashed server's parent may be
  // gone too): it still answers kill(pid, 0), yet holds nothing. Linux says so in /proc.
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  let stat = '';
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (comm) S …": the state follows the last ')' (comm may itself hold parentheses).
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
}
