import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from '../paths/cli-options.ts';

/** `npm run paths` with bad options: the usage and exit 2, never a stack trace. */

function cli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/paths/write-catalogue.ts', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('npm run paths options', () => {
  it.each([[['--event', 'x']], [['--format', 'pdf']], [['--walk', 'edge-coverage:150']], [['--seed', '7']], [['stray']]])(
    '%j: usage on stderr, exit 2, no stack trace',
    async (args) => {
      const { code, stderr } = await cli(args);
      expect(code).toBe(2);
      expect(stderr).toContain('usage: npm run paths');
      expect(stderr).not.toMatch(/^\s+at /m);
    },
    30_000,
  );

  it('parses each command, with its defaults', () => {
    expect(parseCommand([])).toEqual({ kind: 'write' });
    expect(parseCommand(['--machine', 'door', '--to', 'locked'])).toEqual({ kind: 'print', machine: 'door', to: 'locked' });
    expect(parseCommand(['--format', 'csv', '--out', 'x'])).toMatchObject({ kind: 'export', format: 'csv', out: 'x' });
    expect(parseCommand(['--diff', 'HEAD~3', '--machine', 'door'])).toEqual({ kind: 'diff', ref: 'HEAD~3', machine: 'door' });
    expect(parseCommand(['--walk', 'edge-coverage:100', '--seed', '7'])).toEqual({ kind: 'walk', target: { kind: 'edge-coverage', percent: 100 }, seed: 7, maxSteps: 5000 });
  });

  it.each([[['--to', 'x']], [['--format', 'csv', '--seed', '1']], [['--diff', 'HEAD', '--walk', 'edge-coverage:1']], [['--walk', 'edge-coverage:100', '--seed', '-1']]])('%j is a usage error', (args) => {
    expect(() => parseCommand(args)).toThrow(UsageError);
  });
});
