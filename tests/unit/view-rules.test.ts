import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 37's lint rules (eslint-rules/): each fires on a small sample and stays quiet on the allowed
// shape. Probe files are on no pending list, so the rules apply to them in full.
const eslint = new ESLint();
// Loading the project's config and parsers is the slow part: done once, before the tests.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/model/probe.ts' }), 180_000);

/** Lints `code` as if it lived at `filePath`, with the project's own config. */
async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const machine = 'src/machines/shell/probe.ts';
const view = 'src/views/shell/probe.tsx';

describe('machines name their logic in setup()', () => {
  it.each([
    ['assign as entry', "import { assign, createMachine } from 'xstate';\nexport const m = createMachine({ entry: assign({ n: 1 }) });", /`assign\(…\)` inside createMachine/],
    ['raise in a transition', "import { raise, setup } from 'xstate';\nexport const m = setup({}).createMachine({ on: { GO: { actions: [raise({ type: 'X' })] } } });", /`raise\(…\)` inside createMachine/],
    ['sendTo in exit', "import { sendTo, createMachine } from 'xstate';\nexport const m = createMachine({ states: { a: { exit: sendTo('x', { type: 'Y' }) } } });", /`sendTo\(…\)` inside createMachine/],
    ['spawnChild', "import { spawnChild, createMachine } from 'xstate';\nexport const m = createMachine({ entry: [spawnChild('x')] });", /`spawnChild\(…\)` inside createMachine/],
    ['an inline action function', "import { createMachine } from 'xstate';\nexport const m = createMachine({ on: { GO: { actions: () => undefined } } });", /Inline function as `actions`/],
    ['an inline guard', "import { createMachine } from 'xstate';\nexport const m = createMachine({ on: { GO: { guard: () => true, target: '.a' } } });", /Inline guard function/],
  ])('refuses %s', async (_, code, expected) => {
    expect((await problems(machine, code)).join('\n')).toMatch(expected);
  });

  it('allows actions and guards named in setup()', async () => {
    const code = [
      "import { assign, raise, setup } from 'xstate';",
      'export const m = setup({',
      "  actions: { x: assign({ n: 1 }), y: raise({ type: 'Y' }), z: () => undefined },",
      '  guards: { ok: () => true },',
      "}).createMachine({ entry: 'x', on: { GO: { guard: 'ok', actions: ['y', { type: 'z' }] } } });",
    ].join('\n');
    expect(await problems(machine, code)).toEqual([]);
  });

  it('leaves machine tests alone', async () => {
    const code = "import { assign, createMachine } from 'xstate';\nexport const m = createMachine({ entry: assign({ n: 1 }) });";
    expect(await problems('src/machines/shell/probe.test.ts', code)).toEqual([]);
  });
});

describe('views only render', () => {
  it.each([
    ['useMachine', "import { useMachine } from '@xstate/react';\nimport { spinnerMachine } from '../../machines/shell/spinner.ts';\nexport function P() { useMachine(spinnerMachine); return null; }", /`useMachine` in a view creates an actor/],
    ['useActorRef(machine)', "import { useActorRef } from '@xstate/react';\nimport { spinnerMachine } from '../../machines/shell/spinner.ts';\nexport function P() { useActorRef(spinnerMachine); return null; }", /`useActorRef` in a view creates an actor/],
    ['createActorContext', "import { createActorContext } from '@xstate/react';\nimport { spinnerMachine } from '../../machines/shell/spinner.ts';\nexport const C = createActorContext(spinnerMachine);", /`createActorContext` in a view/],
    ['createActor', "import { createActor } from 'xstate';\nimport { spinnerMachine } from '../../machines/shell/spinner.ts';\nexport const a = createActor(spinnerMachine);", /`createActor` in a view/],
    ['snapshot.matches()', "export function P({ snapshot }: { snapshot: { matches(s: string): boolean } }) { return snapshot.matches('busy') ? 1 : 0; }", /`\.matches\(…\)` in a view/],
    ['state.hasTag()', "export function P({ state }: { state: { hasTag(s: string): boolean } }) { return state.hasTag('busy') ? 1 : 0; }", /`\.hasTag\(…\)` in a view/],
    ['snapshot.context', "export function P({ snapshot }: { snapshot: { context: { n: number } } }) { return snapshot.context.n; }", /`\.context` read on a snapshot/],
    ['getSnapshot().value', "export function P({ a }: { a: { getSnapshot(): { value: string } } }) { return a.getSnapshot().value; }", /`\.value` read on a snapshot/],
    ['getSnapshot() handed on', "export function P({ a, f }: { a: { getSnapshot(): unknown }; f: (s: unknown) => void }) { return f(a.getSnapshot()); }", /`\.getSnapshot\(\)` in a view/],
    ['a useSelector callback reading context', "import { useSelector } from '@xstate/react';\nexport function P({ a }: { a: never }) { return useSelector(a, (snap2: { context: { n: number } }) => snap2.context.n); }", /`\.context` read on a snapshot/],
    ['useEffect', "import { useEffect } from 'react';\nexport function P() { useEffect(() => undefined, []); return null; }", /`useEffect` in a view/],
    ['useLayoutEffect', "import { useLayoutEffect } from 'react';\nexport function P() { useLayoutEffect(() => undefined, []); return null; }", /`useLayoutEffect` in a view/],
  ])('refuses %s', async (_, code, expected) => {
    expect((await problems(view, code)).join('\n')).toMatch(expected);
  });

  it('allows a view that renders a view model and sends events', async () => {
    const code = [
      "import { useSelector } from '@xstate/react';",
      "import { selectCheckTotals } from '../../machines/payments/selectors.ts';",
      'type Ref = Parameters<typeof useSelector>[0];',
      'export function P({ actor, input }: { actor: Ref; input: { value: string } }) {',
      '  const view = useSelector(actor, selectCheckTotals);',
      "  return input.value === '' ? view : actor.send({ type: 'go' });",
      '}',
    ].join('\n');
    expect(await problems('src/views/payments/probe.tsx', code)).toEqual([]);
  });
});

describe('one view model per actor', () => {
  const header = "import { useSelector } from '@xstate/react';\ntype Ref = Parameters<typeof useSelector>[0];\nconst a = (s: unknown) => s;\nconst b = (s: unknown) => [s];";

  it.each([
    ['two useSelector on one actor', 'export function P({ list }: { list: Ref }) { const x = useSelector(list, a); const y = useSelector(list, b); return [x, y]; }', /second useSelector on `list`/],
    ['two reads through one context', "import { createActorContext } from '@xstate/react';\ndeclare const Ctx: ReturnType<typeof createActorContext>;\nexport function P() { return [Ctx.useSelector(a), Ctx.useSelector(b)]; }", /second useSelector on `Ctx`/],
  ])('refuses %s in one component', async (_, code, expected) => {
    expect((await problems(view, `${header}\n${code}`)).join('\n')).toMatch(expected);
  });

  it('allows one view model from each of two actors, and the same actor read by two components', async () => {
    const code = [
      header,
      'export function P({ list, form }: { list: Ref; form: Ref }) { return [useSelector(list, a), useSelector(form, a)]; }',
      'export function Q({ list }: { list: Ref }) { return useSelector(list, b); }',
      'export function R({ list }: { list: Ref }) { return useSelector(list, a); }',
    ].join('\n');
    expect(await problems(view, code)).toEqual([]);
  });
});

describe('file names', () => {
  /** Every file name (without its extension) under `dir`, tests left out. */
  const namesUnder = (dir: string) =>
    new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => basename(f).replace(/\.tsx?$/, '')));

  it('no view file shares its name with a machine file (a search for one finds the other)', () => {
    const machines = namesUnder('src/machines');
    expect([...namesUnder('src/views')].filter((name) => machines.has(name))).toEqual([]);
  });
});
