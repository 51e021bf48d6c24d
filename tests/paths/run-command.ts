import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { browserReplays } from './browser-replays.ts';
import { catalogueFiles, PATHS_DIR, pathInWords } from './catalogue-docs.ts';
import { cataloguePaths, endState } from './catalogue-paths.ts';
import { USAGE, type Command } from './cli-options.ts';
import { fraction } from './coverage.ts';
import { csvRows, csvText } from './export-csv.ts';
import { featureFile } from './export-gherkin.ts';
import { junitXml, readResults } from './junit-report.ts';
import { checkRef, diffMachine, diffText, jsonAt } from './path-diff.ts';
import { machineJson } from './path-json.ts';
import { randomWalk } from './random-walk.ts';
import { stepWords } from './step-words.ts';

/** What each `npm run paths` command does, once write-catalogue.ts has checked the options. */

export function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

function selected(machine: string | undefined): RegisteredMachine[] {
  if (!machine) return [...MACHINES];
  const entry = MACHINES.find((m) => m.name === machine);
  if (!entry) fail(2, `No machine ${machine}; registered: ${MACHINES.map((m) => m.name).join(', ')}\n${USAGE}`);
  return [entry];
}

function write(files: Map<string, string>, dir: string) {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  console.log(`${dir}: ${[...files.keys()].join(', ')}`);
}

export async function run(command: Command) {
  switch (command.kind) {
    case 'help':
      return console.log(USAGE);
    case 'write': {
      const files = catalogueFiles(MACHINES, await browserReplays());
      mkdirSync(PATHS_DIR, { recursive: true });
      // Pages of machines no longer registered go.
      for (const name of readdirSync(PATHS_DIR)) if (!files.has(`${PATHS_DIR}/${name}`)) rmSync(`${PATHS_DIR}/${name}`);
      for (const [path, text] of files) writeFileSync(path, text);
      return console.log(`docs: ${MACHINES.length} machines, ${files.size} files`);
    }
    case 'print': {
      const [entry] = selected(command.machine);
      const paths = cataloguePaths(entry!).filter((p) => command.to === undefined || endState(p) === command.to);
      if (!paths.length) fail(1, `No path of ${entry!.name} ends in ${command.to}; states: ${Object.keys(entry!.machine.root.states).join(', ')}`);
      const replays = await browserReplays();
      return console.log(paths.flatMap((p) => pathInWords(entry!, p, replays)).join('\n'));
    }
    case 'export': {
      const machines = selected(command.machine);
      const replays = await browserReplays();
      if (command.format === 'gherkin') return write(new Map(machines.map((e) => [`${e.name}.feature`, featureFile(e, cataloguePaths(e), replays)])), command.out);
      if (command.format === 'csv') return write(new Map([['paths.csv', csvText(machines.flatMap((e) => csvRows(e, cataloguePaths(e), replays)))]]), command.out);
      return write(new Map([['model-paths.junit.xml', junitXml(machines, replays, readResults(command.results))]]), command.out);
    }
    case 'diff': {
      checkRef(command.ref);
      const before = jsonAt(command.ref);
      const names = command.machine ? [command.machine] : [...new Set([...before.keys(), ...MACHINES.map((m) => m.name)])];
      const now = new Map(selected(command.machine).map((e) => [e.name, machineJson(e, cataloguePaths(e), new Map())]));
      return console.log(diffText(names.map((n) => diffMachine(n, before.get(n), now.get(n))), command.ref));
    }
    case 'walk': {
      const seed = command.seed ?? Math.floor(Math.random() * 2 ** 31);
      const machines = selected(command.machine);
      let short = 0;
      for (const entry of machines) {
        const walk = randomWalk(entry, command.target, seed, command.maxSteps);
        if (machines.length === 1) {
          for (const [i, s] of walk.steps.entries()) {
            if (s.restart) console.log(`start: ${s.restart}, in \`${s.from}\``);
            console.log(`${i + 1}. ${stepWords(entry, s.event)} → \`${s.to}\``);
          }
        }
        if (!walk.reached) short++;
        const c = walk.coverage;
        console.log(
          `${entry.name}: seed ${seed}, ${walk.steps.length} steps, ${walk.reached ? 'reached' : 'did NOT reach'} ${command.target.kind}:${command.target.percent} — states ${fraction(c.states)}, transitions ${fraction(c.transitions)}`,
        );
      }
      console.log(`repeat with: npm run paths -- --walk ${command.target.kind}:${command.target.percent} --seed ${seed}${command.machine ? ` --machine ${command.machine}` : ''}`);
      if (short) process.exitCode = 1;
      return;
    }
  }
}

