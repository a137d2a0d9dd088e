// ESLint: typescript-eslint and eslint-plugin-svelte, plus the import boundaries of the code's
// shape (see the README's "What is where"): core imports nothing outside core and no Node or
// Electron; the renderer reaches the backend only through the API's types; only
// src/main/electron imports Electron. `npm run lint` runs it over the whole tree.
import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'crypto',
  'url',
  'util',
  'events',
  'stream',
  'net',
  'http',
  'https',
];
const NATIVE = ['electron', 'electron/*', 'better-sqlite3', 'ws'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'native/**', 'node_modules/**', 'test-results/**', 'scratch/**', 'bench/results/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    rules: {
      // TypeScript checks these better (and knows Svelte's runes and generics).
      'no-undef': 'off',
      'no-redeclare': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
    rules: {
      // Keyed each blocks are the rule here already; these two flag idioms Svelte 5 documents.
      'svelte/require-each-key': 'error',
      'svelte/no-navigation-without-resolve': 'off',
      'svelte/prefer-svelte-reactivity': 'off',
      // {' '} and {' · '} keep a space at the edge of an {#if} block, where plain text would be trimmed.
      'svelte/no-useless-mustaches': 'off',
    },
  },
  {
    // Stripping control characters from untrusted text is what these expressions are for.
    files: ['src/core/text/**', 'test/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Scoped for the beam search's hot loop (another developer's, in progress): reported in issue 13.
    files: ['src/core/families/edge/beam/**'],
    rules: { 'no-useless-assignment': 'off' },
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'core imports nothing outside core' },
            { group: [...NODE_BUILTINS, ...NATIVE], message: 'core is pure TypeScript: no Node, Electron or native modules' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', '!**/main/api/**'], message: 'the renderer reaches the backend only through the API (import types from main/api/types)' },
            { group: ['**/main/api/**'], allowTypeImports: true, message: 'the renderer takes only types from the API contract' },
            { group: ['**/preload/**'], message: 'the renderer takes the bridge type from main/api/types' },
            { group: [...NODE_BUILTINS, ...NATIVE], message: 'the renderer runs sandboxed: no Node, Electron or native modules' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/main/electron/**', 'src/preload/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/^electron(\\/|$)/]', message: 'only src/main/electron (and the preload script) import Electron' },
      ],
    },
  },
);
