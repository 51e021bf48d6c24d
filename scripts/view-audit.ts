// The measure of issue 37 ("Views only render, everywhere"): how much behaviour still lives in views,
// and how much machine logic is written inline. TypeScript's own parser over src/ (tests, samples
// and testing helpers left out). `npm run audit:views` prints the table; `-- --list` adds file:line.
//
// Heuristics (syntactic, no type checker), the same as eslint-rules/index.js:
// - actor creation: calls of useMachine, createActor, createActorContext, and useActorRef /
//   useSystemActorRef with an argument that is not a string (`X.useActorRef()` only reads a context);
// - snapshot reads: any `.matches(…)`/`.hasTag(…)`/`.getSnapshot()` call; `.context`/`.value`/`.children` on an
//   identifier named snapshot/state/s/snap or ending in `Snapshot`, on `….getSnapshot()`, on a variable
//   initialised from `….getSnapshot()`, or on a parameter of a callback passed to useSelector;
// - inline actions: assign/raise/sendTo/sendParent/spawnChild/enqueueActions/log calls, and functions
//   as the value of (or in an array under) `actions`/`entry`/`exit`, inside createMachine(…)'s argument;
// - inline guards: functions as the value of `guard`/`cond` inside createMachine(…)'s argument;
// - named actions: properties of the `actions` object passed to setup(…);
// - extra view models: a second (third, …) `useSelector(actor, …)` or `Actor.useSelector(…)` on one actor
//   in one function, the actor compared by its source text.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const INLINE_ACTIONS = new Set(['assign', 'raise', 'sendTo', 'sendParent', 'spawnChild', 'enqueueActions', 'log']);
const ACTION_KEYS = new Set(['actions', 'entry', 'exit']);
const GUARD_KEYS = new Set(['guard', 'cond']);
const SNAPSHOT_NAMES = new Set(['snapshot', 'state', 's', 'snap']);

type Hit = string; // file:line
const rows = {
  viewFiles: [] as Hit[],
  actors: [] as Hit[],
  reads: [] as Hit[],
  effects: [] as Hit[],
  inlineActions: [] as Hit[],
  namedActions: [] as Hit[],
  inlineGuards: [] as Hit[],
  extraViewModels: [] as Hit[],
};
let viewFileCount = 0;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === '__samples__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$|(^|[.-])samples?\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const nameOf = (callee: ts.Expression): string | undefined =>
  ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
const keyOf = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
const isFn = (n: ts.Node) => ts.isArrowFunction(n) || ts.isFunctionExpression(n);

function audit(file: string) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const at = (n: ts.Node): Hit => `${rel}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const isView = rel.startsWith('src/views/');
  const isMachine = rel.startsWith('src/machines/');
  if (isView) viewFileCount++;
  const before = rows.actors.length + rows.reads.length + rows.effects.length;

  // Names bound to a useSelector callback's parameters or to `….getSnapshot()` (file-wide, by name).
  const snapshotNames = new Set<string>();
  const collect = (n: ts.Node) => {
    if (ts.isCallExpression(n) && nameOf(n.expression) === 'useSelector') {
      for (const arg of n.arguments) if (isFn(arg)) for (const p of (arg as ts.ArrowFunction).parameters) if (ts.isIdentifier(p.name)) snapshotNames.add(p.name.text);
    }
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isCallExpression(n.initializer) && nameOf(n.initializer.expression) === 'getSnapshot') snapshotNames.add(n.name.text);
    ts.forEachChild(n, collect);
  };
  if (isView) collect(sf);
  const looksLikeSnapshot = (e: ts.Expression) =>
    (ts.isCallExpression(e) && nameOf(e.expression) === 'getSnapshot') ||
    (ts.isIdentifier(e) && (SNAPSHOT_NAMES.has(e.text) || /Snapshot$/.test(e.text) || snapshotNames.has(e.text)));

  // The actors each function has read with useSelector so far, innermost function last.
  const selected: Set<string>[] = [];
  const selectedActor = (n: ts.CallExpression): string | undefined => {
    if (ts.isIdentifier(n.expression) && n.expression.text === 'useSelector' && n.arguments[0]) return n.arguments[0].getText(sf);
    if (ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'useSelector') return n.expression.expression.getText(sf);
    return undefined;
  };

  const visit = (n: ts.Node, inMachineConfig: boolean) => {
    if (isView && ts.isFunctionLike(n)) {
      selected.push(new Set());
      ts.forEachChild(n, (c) => visit(c, inMachineConfig));
      selected.pop();
      return;
    }
    if (isView) {
      const actor = ts.isCallExpression(n) ? selectedActor(n) : undefined;
      const seen = selected.at(-1);
      if (actor !== undefined && seen) {
        if (seen.has(actor)) rows.extraViewModels.push(at(n));
        seen.add(actor);
      }
      if (ts.isCallExpression(n)) {
        const name = nameOf(n.expression);
        const first = n.arguments[0];
        if (name === 'useMachine' || name === 'createActor' || name === 'createActorContext' ||
          ((name === 'useActorRef' || name === 'useSystemActorRef') && first && !ts.isStringLiteralLike(first))) rows.actors.push(at(n));
        if (name === 'useEffect' || name === 'useLayoutEffect') rows.effects.push(at(n));
        if ((name === 'matches' || name === 'hasTag' || name === 'getSnapshot') && ts.isPropertyAccessExpression(n.expression)) rows.reads.push(at(n));
      }
      if (ts.isPropertyAccessExpression(n) && ['context', 'value', 'children'].includes(n.name.text) && looksLikeSnapshot(n.expression)) rows.reads.push(at(n));
    }
    if (isMachine && ts.isCallExpression(n)) {
      const name = nameOf(n.expression);
      if (name === 'setup') {
        const options = n.arguments[0];
        if (options && ts.isObjectLiteralExpression(options)) for (const p of options.properties) {
          if (p.name && keyOf(p.name) === 'actions' && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(p.initializer)) {
            for (const a of p.initializer.properties) rows.namedActions.push(at(a));
          }
        }
      }
      if (inMachineConfig && ts.isIdentifier(n.expression) && INLINE_ACTIONS.has(n.expression.text)) rows.inlineActions.push(at(n));
      if (name === 'createMachine' && n.arguments[0]) {
        ts.forEachChild(n.expression, (c) => visit(c, inMachineConfig));
        visit(n.arguments[0], true);
        n.arguments.slice(1).forEach((a) => visit(a, inMachineConfig));
        return;
      }
    }
    if (isMachine && inMachineConfig && isFn(n)) {
      let p = n.parent;
      const inArray = ts.isArrayLiteralExpression(p);
      if (inArray) p = p.parent;
      const key = ts.isPropertyAssignment(p) ? keyOf(p.name) : undefined;
      if (key && ACTION_KEYS.has(key)) rows.inlineActions.push(at(n));
      else if (key && GUARD_KEYS.has(key) && !inArray) rows.inlineGuards.push(at(n));
    }
    ts.forEachChild(n, (c) => visit(c, inMachineConfig));
  };
  visit(sf, false);
  if (isView && rows.actors.length + rows.reads.length + rows.effects.length > before) rows.viewFiles.push(rel);
}

for (const file of sourceFiles(path.join(root, 'src'))) audit(file);

const table: [string, Hit[]][] = [
  [`view files (of ${viewFileCount}) that create actors, read machine snapshots or run effects`, rows.viewFiles],
  ['actors created in views (`useMachine`, `useActorRef(machine)`, `createActorContext`, `useSystemActorRef(machine)`, `createActor`)', rows.actors],
  ['snapshot reads in views (`.matches`, `.context`, `.value`, `.hasTag`, `.children` on a snapshot)', rows.reads],
  ['`useEffect`/`useLayoutEffect` in views', rows.effects],
  ['actions written inline in state configs (`assign`, `raise`, `sendTo`, `spawnChild`, …)', rows.inlineActions],
  ['actions named in `setup()`', rows.namedActions],
  ['guards written inline', rows.inlineGuards],
  ['extra view models read in views (a second `useSelector` on one actor in one component)', rows.extraViewModels],
];
const list = process.argv.includes('--list');
console.log('| measure | count |\n|---|---:|');
for (const [measure, hits] of table) console.log(`| ${measure} | ${hits.length} |`);
if (list) for (const [measure, hits] of table) if (hits.length) console.log(`\n### ${measure}\n\n${hits.map((h) => `- ${h}`).join('\n')}`);
