// ESLint flat config: TypeScript, React hooks, and the import boundaries of the architecture
// (model ← services ← machines ← views; the server reaches the browser code only through src/model).
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const browserCode = ['./src/services', './src/machines', './src/views', './src/app.tsx', './src/main.tsx', './src/microsoft-redirect.ts'];

/** Each layer, and what it must not import. Tests of src/model may use the machines' sample data. */
const zones = (forTests = false) => [
  {
    target: './src/model',
    from: ['./src/services', ...(forTests ? [] : ['./src/machines']), './src/views', './src/app.tsx', './src/main.tsx', './server', './tests'],
    message: 'src/model imports only src/model: it is the contract both sides share.',
  },
  {
    target: './src/services',
    from: ['./src/machines', './src/views', './src/app.tsx', './src/main.tsx', './server'],
    message: 'src/services imports only src/model (and rxjs, axios): never machines, views or the server.',
  },
  {
    target: './src/machines',
    from: ['./src/views', './src/app.tsx', './src/main.tsx', './server'],
    message: 'src/machines imports model and services, never views or the server.',
  },
  {
    target: './src/views',
    from: ['./src/services', './server'],
    message: 'Views never call services: they send events to machines (move shared types to src/model).',
  },
  {
    target: './server',
    from: browserCode,
    message: 'The server imports only src/model of the browser code.',
  },
];

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

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', 'data-bench/**', '.test-data/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zones() }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['src/model/**/*.ts'], rules: frameworkFree('model') },
  { files: ['src/model/**/*.test.ts'], rules: { 'import-x/no-restricted-paths': ['error', { zones: zones(true) }] } },
  { files: ['src/services/**/*.ts'], rules: frameworkFree('services') },
  {
    files: ['src/views/**/*.tsx', 'src/app.tsx', 'src/main.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
