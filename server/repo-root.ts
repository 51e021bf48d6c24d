// The repository's folder, for files the server reads beside its code (migrations, the demo's
// invoice pictures): the same from server/ under tsx and from build/server/server/ compiled.
import fs from 'node:fs';
import path from 'node:path';

function packageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const REPO_ROOT = packageFolder(import.meta.dirname);
