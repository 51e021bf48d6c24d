// Migrates and seeds the database of DATA_DIR (or DATABASE_URL) as a server's start would, then
// stops: the browser tests copy the folder for each worker's server.
import { readConfig } from '../../server/config.ts';
import { openPreparedDatabase } from '../../server/startup.ts';

const db = await openPreparedDatabase(readConfig());
await db.close();
