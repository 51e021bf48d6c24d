// Two API servers on one seeded scratch database, each with its own pool and its own memory
// (answer caches, remembered callers, verified tokens), as two nodes behind a load balancer.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { seededScratchDatabase, type ScratchDatabase } from './databases.ts';
import { testApp } from './test-app.ts';

export interface TwoServers {
  db: ScratchDatabase;
  a: FastifyInstance;
  b: FastifyInstance;
  close(): Promise<void>;
}

export async function twoServers(adminUrl: string): Promise<TwoServers> {
  const db = await seededScratchDatabase(adminUrl);
  const otherPool = new pg.Pool({ connectionString: db.url, max: 4 });
  otherPool.on('error', () => undefined);
  const { app: a } = await testApp(db.pool);
  const { app: b } = await testApp(otherPool);
  return {
    db, a, b,
    async close() {
      await a.close();
      await b.close();
      await otherPool.end();
      await db.drop();
    },
  };
}
