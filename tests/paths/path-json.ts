import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { initialState, endState, type CataloguePath } from './catalogue-paths.ts';
import { isReplayed, replayWords, type BrowserReplays } from './browser-replays.ts';
import { plainData } from './plain-data.ts';
import { sharedData, type SharedData } from './shared-data.ts';
import { stateCheck, stepWords } from './step-words.ts';

/**
 * A machine's paths as JSON for tools outside the repo: each variant's input (what the machine is
 * created with), and per path each event exactly as the registration sends it, data included
 * (errors as `{name, message, ...fields}`), the state expected after it and the check at the end.
 * A large value (hundreds of merchants) is written once, under `data`, and named where it is sent
 * (shared-data.ts).
 */

export function pathJson(entry: RegisteredMachine, path: CataloguePath, replays: BrowserReplays, shared: SharedData = sharedData()) {
  const replayed = isReplayed(replays, entry.name, path.id);
  return {
    id: path.id,
    start: { variant: path.variant, state: path.start },
    steps: path.events.map((event, i) => ({ step: i + 1, event: shared.fieldsOf(plainData(event)), words: stepWords(entry, event), state: path.states[i] })),
    expectedState: endState(path),
    check: stateCheck(entry, endState(path)),
    browser: replayed ? { replayed, spec: replays.get(entry.name)!.spec } : { replayed, why: replayWords(replays, entry.name, path.id) },
  };
}

export type PathJson = ReturnType<typeof pathJson>;

export function machineJson(entry: RegisteredMachine, paths: readonly CataloguePath[], replays: BrowserReplays) {
  const shared = sharedData();
  return {
    machine: entry.name,
    description: entry.description,
    initial: initialState(entry),
    variants: entry.variants.map((v) => ({ label: v.label, input: shared.fieldsOf(plainData(v.input?.())) })),
    paths: paths.map((p) => pathJson(entry, p, replays, shared)),
    /** The large values the variants and steps name as `{ "$data": name }`. */
    data: shared.data(),
  };
}

export type MachineJson = ReturnType<typeof machineJson>;
