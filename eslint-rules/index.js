// Local ESLint rules for issue 37 ("Views only render, everywhere"): machines name their logic in
// setup(), views neither create actors nor read snapshots nor run effects, and read one view model per actor. Each rule takes
// `{ pending: [files] }` (eslint-rules/pending.js): files not yet converted, a list that only shrinks.
import path from 'node:path';

const INLINE_ACTIONS = new Set(['assign', 'raise', 'sendTo', 'sendParent', 'spawnChild', 'enqueueActions', 'log']);
const ACTION_KEYS = new Set(['actions', 'entry', 'exit']);
const GUARD_KEYS = new Set(['guard', 'cond']);
const ACTOR_CREATORS = new Set(['useMachine', 'createActor', 'createActorContext']);
const ACTOR_REF_HOOKS = new Set(['useActorRef', 'useSystemActorRef']);
const EFFECTS = new Set(['useEffect', 'useLayoutEffect']);
/** Names a snapshot goes by in views (the heuristic of `views-no-snapshot-reads`). */
const SNAPSHOT_NAMES = new Set(['snapshot', 'state', 's', 'snap']);

const relative = (context) => path.relative(context.cwd ?? process.cwd(), context.filename ?? context.getFilename()).split(path.sep).join('/');
/** True when the file is on the rule's pending (or allow) list. */
const exempt = (context) => {
  const file = relative(context);
  const { pending = [], allow = [] } = context.options[0] ?? {};
  return pending.includes(file) || allow.includes(file);
};
const listOption = [{
  type: 'object',
  properties: { pending: { type: 'array', items: { type: 'string' } }, allow: { type: 'array', items: { type: 'string' } } },
  additionalProperties: false,
}];
const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name
    : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name
      : undefined;
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

/** The config object passed to a `createMachine(…)` / `.createMachine(…)` call that holds `node`, if any. */
function insideMachineConfig(context, node) {
  const ancestors = context.sourceCode.getAncestors(node);
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i];
    if (a.type === 'CallExpression' && calleeName(a.callee) === 'createMachine') {
      const child = ancestors[i + 1] ?? node;
      return a.arguments[0] === child;
    }
  }
  return false;
}

/** The key of the property `node` sits in as an action or guard: `entry: fn`, `actions: [fn]`, `guard: fn`. */
function positionKey(node) {
  let p = node.parent;
  if (p?.type === 'ArrayExpression') p = p.parent;
  if (p?.type !== 'Property' || p.computed) return undefined;
  return p.key.type === 'Identifier' ? p.key.name : p.key.value;
}

const machineActionsInSetup = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Actions and guards are named in setup({ actions, guards }), not written inline in a state config.' },
    schema: listOption,
    messages: {
      action: '`{{name}}(…)` inside createMachine(…): name it in setup({ actions }) and refer to it by name (issue 37).',
      inlineAction: 'Inline function as `{{key}}` inside createMachine(…): name it in setup({ actions }) (issue 37).',
      inlineGuard: 'Inline guard function inside createMachine(…): name it in setup({ guards }) (issue 37).',
    },
  },
  create(context) {
    if (exempt(context)) return {};
    const checkFunction = (node) => {
      const key = positionKey(node);
      const direct = node.parent?.type === 'Property' && node.parent.value === node;
      const inArray = node.parent?.type === 'ArrayExpression' && node.parent.parent?.type === 'Property';
      if (!key || !(direct || inArray)) return;
      if (ACTION_KEYS.has(key) && insideMachineConfig(context, node)) context.report({ node, messageId: 'inlineAction', data: { key } });
      else if (GUARD_KEYS.has(key) && direct && insideMachineConfig(context, node)) context.report({ node, messageId: 'inlineGuard' });
    };
    return {
      CallExpression(node) {
        const name = node.callee.type === 'Identifier' ? node.callee.name : undefined;
        if (name && INLINE_ACTIONS.has(name) && insideMachineConfig(context, node)) context.report({ node, messageId: 'action', data: { name } });
      },
      ArrowFunctionExpression: checkFunction,
      FunctionExpression: checkFunction,
    };
  },
};

const viewsNoActorCreation = {
  meta: {
    type: 'problem',
    docs: { description: 'Views create no actors: the app actor owns every page machine.' },
    schema: listOption,
    messages: { create: '`{{name}}` in a view creates an actor: the app actor spawns page machines; views get a view model and callbacks (issue 37).' },
  },
  create(context) {
    if (exempt(context)) return {};
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (!name) return;
        // `X.useActorRef()` (no argument) reads an actor from a context; with a machine argument it creates one.
        const creates = ACTOR_CREATORS.has(name) || (ACTOR_REF_HOOKS.has(name) && node.arguments.length > 0 && node.arguments[0].type !== 'Literal');
        if (creates) context.report({ node, messageId: 'create', data: { name } });
      },
    };
  },
};

/**
 * Heuristic for "looks like a snapshot" (syntactic, no types): the object of the member read is
 * - an identifier named `snapshot`, `state`, `s`, `snap` or ending in `Snapshot`;
 * - a call `….getSnapshot()`;
 * - a parameter of a callback passed to `useSelector(…)`, or a variable initialised from `….getSnapshot()`.
 * `.matches(…)`/`.hasTag(…)` calls are flagged on any receiver (state-name comparisons).
 */
function looksLikeSnapshot(context, object) {
  if (object.type === 'CallExpression' && calleeName(object.callee) === 'getSnapshot') return true;
  if (object.type !== 'Identifier') return false;
  if (SNAPSHOT_NAMES.has(object.name) || /Snapshot$/.test(object.name)) return true;
  let scope = context.sourceCode.getScope(object);
  while (scope) {
    const variable = scope.set.get(object.name);
    if (variable) {
      return variable.defs.some((def) => {
        if (def.type === 'Parameter') {
          const fn = def.node;
          return fn.parent?.type === 'CallExpression' && calleeName(fn.parent.callee) === 'useSelector' && fn.parent.arguments.includes(fn);
        }
        if (def.type === 'Variable') {
          const init = def.node.init;
          return init?.type === 'CallExpression' && calleeName(init.callee) === 'getSnapshot';
        }
        return false;
      });
    }
    scope = scope.upper;
  }
  return false;
}

const viewsNoSnapshotReads = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Views read a view model (select<Screen>View), never a machine snapshot.' },
    schema: listOption,
    messages: {
      call: '`.{{name}}(…)` in a view decides from machine state: put it in the selector beside the machine (issue 37).',
      read: '`.{{name}}` read on a snapshot in a view: put it in the selector beside the machine (issue 37).',
      snapshot: '`.getSnapshot()` in a view: a view reads its machine through useSelector and a selector; an export hands the exporter its machine and selector (issue 37).',
    },
  },
  create(context) {
    if (exempt(context)) return {};
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return;
        const name = node.property.name;
        if ((name === 'matches' || name === 'hasTag') && node.parent.type === 'CallExpression' && node.parent.callee === node) {
          context.report({ node, messageId: 'call', data: { name } });
        } else if (name === 'getSnapshot' && node.parent.type === 'CallExpression' && node.parent.callee === node) {
          context.report({ node, messageId: 'snapshot' });
        } else if ((name === 'context' || name === 'value' || name === 'children') && looksLikeSnapshot(context, node.object)) {
          context.report({ node, messageId: 'read', data: { name } });
        }
      },
    };
  },
};

const viewsEffectsAllowList = {
  meta: {
    type: 'suggestion',
    docs: { description: 'useEffect/useLayoutEffect only in allow-listed view files (DOM-only: focus, scroll).' },
    schema: listOption,
    messages: { effect: '`{{name}}` in a view: the URL and props reach machines as events; effects only for DOM focus/scroll, in allow-listed files (issue 37).' },
  },
  create(context) {
    if (exempt(context)) return {};
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name && EFFECTS.has(name)) context.report({ node, messageId: 'effect', data: { name } });
      },
    };
  },
};

/** The actor a `useSelector(actor, …)` or `Context.useSelector(…)` call reads, as source text. */
function selectedActor(sourceCode, node) {
  const callee = node.callee;
  if (callee.type === 'Identifier' && callee.name === 'useSelector' && node.arguments[0]) return sourceCode.getText(node.arguments[0]);
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'useSelector') return sourceCode.getText(callee.object);
  return undefined;
}

const viewsOneViewModel = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A screen reads one view model (select<Screen>View) from each actor, not several narrow selectors.' },
    schema: listOption,
    messages: { second: 'A second useSelector on `{{actor}}` in one component: read one select<Screen>View view model from each actor (issue 37).' },
  },
  create(context) {
    if (exempt(context)) return {};
    // The actors read so far by each enclosing function (component or hook), innermost last.
    const read = [];
    const enter = () => read.push(new Set());
    const leave = () => read.pop();
    return {
      FunctionDeclaration: enter, 'FunctionDeclaration:exit': leave,
      FunctionExpression: enter, 'FunctionExpression:exit': leave,
      ArrowFunctionExpression: enter, 'ArrowFunctionExpression:exit': leave,
      CallExpression(node) {
        const actor = selectedActor(context.sourceCode, node);
        const seen = read.at(-1);
        if (actor === undefined || !seen) return;
        if (seen.has(actor)) context.report({ node, messageId: 'second', data: { actor } });
        seen.add(actor);
      },
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-views-render' },
  rules: {
    'machine-actions-in-setup': machineActionsInSetup,
    'views-no-actor-creation': viewsNoActorCreation,
    'views-no-snapshot-reads': viewsNoSnapshotReads,
    'views-effects-allow-list': viewsEffectsAllowList,
    'views-one-view-model': viewsOneViewModel,
  },
};
