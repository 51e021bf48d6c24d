// How the compiled server is started (scripts/build-server.ts makes it; `npm run build` and
// `npm start` run that): the browser tests and the measuring scripts start it as npm start does.
import fs from 'node:fs';
import path from 'node:path';

/** `build/server` links to the newest of the builds in build/server-builds (scripts/build-server.ts). */
export const SERVER_BUILDS = { link: 'build/server', folder: 'build/server-builds' };
export const SERVER_BUILD = SERVER_BUILDS.link;
export const SERVER_MAIN = `${SERVER_BUILD}/server/main.js`;

/** Node's arguments to run the compiled server from the repository's folder. */
export function serverArgs(root = process.cwd()): string[] {
  if (!fs.existsSync(path.join(root, SERVER_MAIN))) throw new Error(`No compiled server at ${SERVER_MAIN}: run npm run build`);
  return ['--enable-source-maps', SERVER_MAIN];
}
