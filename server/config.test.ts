import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const primary = 'postgres://portal@10.0.0.1:6432/portal';

describe('the cluster settings', () => {
  it('are off by default: one database for everything, imports run in the server', () => {
    const config = readConfig({});
    expect([config.databaseDirectUrl, config.databaseReplicaUrl, config.importWorker]).toEqual([undefined, undefined, true]);
  });

  it('read the direct and replica connections, and IMPORT_WORKER=0 or false', () => {
    const config = readConfig({
      DATABASE_URL: primary,
      DATABASE_DIRECT_URL: 'postgres://portal@10.0.0.1:5432/portal',
      DATABASE_REPLICA_URL: 'postgresql://portal@10.0.0.2:5432/portal',
      IMPORT_WORKER: '0',
    });
    expect(config.databaseDirectUrl).toBe('postgres://portal@10.0.0.1:5432/portal');
    expect(config.databaseReplicaUrl).toBe('postgresql://portal@10.0.0.2:5432/portal');
    expect(config.importWorker).toBe(false);
    expect(readConfig({ IMPORT_WORKER: 'false' }).importWorker).toBe(false);
    expect(readConfig({ IMPORT_WORKER: '1' }).importWorker).toBe(true);
  });

  it('refuse nonsense with a message that names the variable and what it wants', () => {
    expect(() => readConfig({ IMPORT_WORKER: 'no' })).toThrow("IMPORT_WORKER must be 1 or 0 (true or false), got 'no'");
    expect(() => readConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'replica-host:5432' }))
      .toThrow("DATABASE_REPLICA_URL must be a PostgreSQL URL (postgres://user:pass@host:5432/db), got 'replica-host:5432'");
    expect(() => readConfig({ DATABASE_URL: primary, DATABASE_DIRECT_URL: 'http://10.0.0.1/portal' }))
      .toThrow(/^DATABASE_DIRECT_URL must be a PostgreSQL URL/);
  });

  it('refuse a direct or replica connection without DATABASE_URL (the embedded database has neither)', () => {
    expect(() => readConfig({ DATABASE_REPLICA_URL: primary })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL too');
    expect(() => readConfig({ DATABASE_DIRECT_URL: primary })).toThrow('DATABASE_DIRECT_URL needs DATABASE_URL too');
  });
});

describe('INDEX_FAMILIES (the families a cluster node\'s indexes hold)', () => {
  it('holds every family by default, the ids listed, or none', () => {
    expect(readConfig({}).indexFamilies).toBeNull();
    expect(readConfig({ INDEX_FAMILIES: ' 4, 12,4' }).indexFamilies).toEqual([4, 12]);
    expect(readConfig({ INDEX_FAMILIES: 'none' }).indexFamilies).toEqual([]);
  });

  it('keeps the index files in DATA_DIR/index, or in INDEX_DIR, or none (a copy per process)', () => {
    expect(readConfig({ DATA_DIR: '/srv/portal' }).indexDir).toBe('/srv/portal/index');
    expect(readConfig({ DATA_DIR: '/srv/portal', INDEX_DIR: '/dev/shm/portal' }).indexDir).toBe('/dev/shm/portal');
    expect(readConfig({ INDEX_DIR: 'none' }).indexDir).toBeNull();
  });

  it('refuses anything else, naming the variable', () => {
    for (const raw of ['4;12', '0', '-3', 'harbor', '4,,12']) {
      expect(() => readConfig({ INDEX_FAMILIES: raw })).toThrow(`INDEX_FAMILIES must be distributor ids separated by commas, got '${raw}'`);
    }
  });
});

describe('the slow-client limits', () => {
  it('default to 60 s for a request, 30 s for its headers and 64 connections per address', () => {
    const config = readConfig({});
    expect([config.requestTimeoutMs, config.headersTimeoutMs, config.maxConnectionsPerAddress]).toEqual([60_000, 30_000, 64]);
    const set = readConfig({ REQUEST_TIMEOUT_MS: '600000', HEADERS_TIMEOUT_MS: '500', MAX_CONNECTIONS_PER_ADDRESS: '8' });
    expect([set.requestTimeoutMs, set.headersTimeoutMs, set.maxConnectionsPerAddress]).toEqual([600_000, 500, 8]);
    expect(() => readConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow("MAX_CONNECTIONS_PER_ADDRESS must be a positive whole number, got '0'");
  });
});
