// ESLint flat config: TypeScript, React hooks, and the import boundaries of the architecture
// (model ← services ← machines ← views; the server reaches the browser code only through src/model).
// Boundaries are eslint-plugin-boundaries' policies over the element types below.
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const elements = [
  { type: 'model', pattern: 'src/model/**', partialMatch: false },
  { type: 'services', pattern: 'src/services/**', partialMatch: false },
  { type: 'machines', pattern: 'src/machines/**', partialMatch: false },
  { type: 'views', pattern: 'src/views/**', partialMatch: false },
  // The composition root (src/app.tsx, src/main.tsx): any file of src not in a layer above.
  { type: 'app', pattern: 'src', partialMatch: false },
  { type: 'server', pattern: 'server/**', partialMatch: false },
  { type: 'tests', pattern: 'tests/**', partialMatch: false },
];

const forbid = (from, to, message, kind) => ({
  from: { element: { type: from } },
  disallow: { to: { element: { types: { anyOf: to } } }, ...(kind ? { dependency: { kind } } : {}) },
  message,
});

/** Each layer, and what it must not import. Tests of src/model may use the machines' sample data. */
const policies = (forModelTests = false) => [
  forbid('model', ['services', ...(forModelTests ? [] : ['machines']), 'views', 'app', 'server', 'tests'],
    'src/model imports only src/model: it is the contract both sides share.'),
  forbid('services', ['machines', 'views', 'app', 'server'],
    'src/services imports only src/model (and rxjs, axios): never machines, views or the server.'),
  forbid('machines', ['views', 'app', 'server'], 'src/machines imports model and services, never views or the server.'),
  // Types may cross (a view names the shape a machine holds); values may not.
  forbid('views', ['services'], 'Views never call services: they send events to machines (move shared types to src/model).', 'value'),
  forbid('views', ['server'], 'Views never import the server.'),
  forbid('server', ['services', 'machines', 'views', 'app'], 'The server imports only src/model of the browser code.'),
];

const boundaryRule = (forModelTests) => ({ 'boundaries/dependencies': ['error', { default: 'allow', policies: policies(forModelTests) }] });

const frameworkFree = (what) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: ['react', 'react-dom', '@xstate/react', ...(what === 'services' ? ['xstate'] : [])].map((name) => ({
        name,
        message: `src/${what} stays free of ${what === 'services' ? 'React and xstate' : 'React'}.`,
      })),
      patterns: [{ group: ['@mantine/*', '@nivo/*', 'react-router*'], message: `src/${what} stays free of UI libraries.` }],
    },
  ],
});

/**
 * Views only render machine state and send events: from outside src/views they import types, the
 * selectors beside each machine (src/machines/<feature>/selectors.ts), the format helpers, and the
 * machines they run (by name, `…Machine`, and `joinAppSystem`). Rules, totals, filters and constants come through selectors.
 */
const viewImports = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/model/*', '!**/model/format.ts', '!**/model/rebate-format.ts'],
          allowTypeImports: true,
          message: 'Views take values of src/model through the selectors beside their machine (only types and format helpers directly).',
        },
        {
          group: ['**/machines/*/*', '!**/machines/*/selectors.ts'],
          allowTypeImports: true,
          // …and the one wiring helper that joins a page's actor to the app-wide ones (actor-contexts.ts).
          allowImportNamePattern: '^(\\w+Machine|joinAppSystem)$',
          message: 'Views import a machine to run it, and everything else through its selectors.ts.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'build/**', 'node_modules/**', 'data/**', 'data-bench/**', '.test-data/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { boundaries, '@typescript-eslint': tseslint.plugin },
    settings: { 'boundaries/elements': elements },
    rules: {
      ...boundaryRule(false),
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['src/model/**/*.ts'], rules: frameworkFree('model') },
  { files: ['src/model/**/*.test.ts'], rules: boundaryRule(true) },
  { files: ['src/services/**/*.ts'], rules: frameworkFree('services') },
  {
    files: ['src/views/**/*.tsx', 'src/app.tsx', 'src/main.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/views/**/*.{ts,tsx}'], rules: viewImports },
  // Issue 37: machines name their logic in setup(); views only render (eslint-rules/, pending lists only shrink).
  ...(await import('./eslint-rules/config.js')).default,
);
