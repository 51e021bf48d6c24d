import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The version the build wrote beside the app; the client polls it to notice a new release. */
export function builtVersion(distDir: string): string {
  try {
    return fs.readFileSync(path.join(distDir, 'version.txt'), 'utf8').trim();
  } catch {
    return 'development';
  }
}

/** Serves the built client: files as they are, and index.html for every other GET outside /api. */
export async function serveSpa(app: FastifyInstance, distDir: string) {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Each request is looked up on disk (not a file list made at start): `dist` is switched to a
      // new build while servers run (scripts/build-client.ts), and both builds' assets stay served.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside every text file (scripts/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed assets never change; the page and version file must always be fresh.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ message: 'Not found.' });
    }
    if (!built) return reply.code(404).type('text/plain').send('The client is not built: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
