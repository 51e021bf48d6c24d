// Flat-config blocks of the issue-37 rules (appended to eslint.config.js): machines name their logic
// in setup(); views create no actors, read no snapshots, run effects only where allowed.
import viewsRender from './index.js';
import { actorCreationAllowed, effectsAllowed, pending } from './pending.js';

export default [
  {
    files: ['src/machines/**/*.{ts,tsx}'],
    ignores: ['src/machines/**/*.test.{ts,tsx}', 'src/machines/testing/**'],
    plugins: { 'views-render': viewsRender },
    rules: { 'views-render/machine-actions-in-setup': ['error', { pending: pending['machine-actions-in-setup'] }] },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    ignores: ['src/views/**/*.test.{ts,tsx}'],
    plugins: { 'views-render': viewsRender },
    rules: {
      'views-render/views-no-actor-creation': ['error', { allow: actorCreationAllowed, pending: pending['views-no-actor-creation'] }],
      'views-render/views-no-snapshot-reads': ['error', { pending: pending['views-no-snapshot-reads'] }],
      'views-render/views-effects-allow-list': ['error', { allow: effectsAllowed, pending: pending['views-effects-allow-list'] }],
      'views-render/views-one-view-model': ['error', { pending: pending['views-one-view-model'] }],
    },
  },
];
