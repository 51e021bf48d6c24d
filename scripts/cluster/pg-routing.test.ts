import { describe, expect, it } from 'vitest';
import { describe as describeFormation, formationReady, nodeIn, type NodeState } from './postgres.ts';
import { inHotStandby, pgRoutingConfig, READY_FOR_QUERY, startupThenTerminate } from './pg-routing.ts';

describe("HAProxy's PostgreSQL check", () => {
  it('sends a protocol 3.0 StartupMessage with its length, then a Terminate', () => {
    const bytes = Buffer.from(startupThenTerminate('postgres', 'portal'), 'hex');
    const length = bytes.readInt32BE(0);
    expect(bytes.readInt32BE(4)).toBe(196608);
    expect(bytes.subarray(8, length).toString('latin1')).toBe('user\0postgres\0database\0portal\0application_name\0haproxy-check\0\0');
    expect(bytes.subarray(length).toString('hex')).toBe('5800000004');
  });

  it('waits for ReadyForQuery, then reads in_hot_standby', () => {
    expect(READY_FOR_QUERY).toBe('5a0000000549');
    expect(Buffer.from(inHotStandby('off'), 'hex').toString('latin1')).toBe('in_hot_standby\0off\0');
    const cfg = pgRoutingConfig({ primaryPort: 55432, standbyPort: 55433, user: 'postgres', database: 'portal', nodes: [{ name: 'node-1', port: 55441 }, { name: 'node-2', port: 55442 }] });
    const primary = cfg.slice(cfg.indexOf('\nbackend pg_primary'), cfg.indexOf('\nbackend pg_standby'));
    expect(primary).toContain(`expect min-recv 1 binary ${inHotStandby('off')}`);
    expect(primary).toContain('server node-2 127.0.0.1:55442 check');
    expect(cfg.slice(cfg.indexOf('\nbackend pg_standby'))).toContain(inHotStandby('on'));
    expect(cfg).toContain('bind 127.0.0.1:55432');
  });
});

describe("the monitor's view", () => {
  const rows: NodeState[] = [
    { nodename: 'node-1', nodeport: 55441, current_group_state: 'primary', assigned_group_state: 'primary', health: 1 },
    { nodename: 'node-2', nodeport: 55442, current_group_state: 'catchingup', assigned_group_state: 'secondary', health: 1 },
  ];
  it('takes a node for primary or secondary only once it reached the state it was assigned', () => {
    expect(nodeIn(rows, 'primary')?.nodename).toBe('node-1');
    expect(nodeIn(rows, 'secondary')).toBeUndefined();
    expect(describeFormation(rows)).toBe('node-1 primary, node-2 catchingup→secondary');
  });

  it('is ready with a primary and a secondary the monitor both found healthy', () => {
    const secondary = { ...rows[1]!, current_group_state: 'secondary' };
    expect(formationReady(rows)).toBe(false);
    expect(formationReady([rows[0]!, secondary])).toBe(true);
    expect(formationReady([{ ...rows[0]!, health: 0 }, secondary])).toBe(false);
  });
});
