// ESLint: typescript-eslint and eslint-plugin-svelte, plus the import boundaries of the code's
// shape (see the README's "What is where"): core imports nothing outside core and no Node or
// Electron; the renderer reaches the backend only through the API's types; only
// src/main/electron imports Electron. `npm run lint` runs it over the whole tree, then
// dependency-cruiser for import cycles (.dependency-cruiser.mjs: it counts type-only imports, which
// ESLint's import plugins skip).
import { statSync } from 'node:fs';
import path from 'node:path';
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

// A family folder (src/core/families/<id>/, src/renderer/src/families/<id>/) and what it reaches:
// `families/<id>` is a family only when it is a folder (families/family.ts is the shared contract).
const FAMILY_PATH = /(?:^|\/)src\/(?:core|renderer\/src)\/families\/([^/]+)(\/|$)/;
function familyOf(file) {
  const m = FAMILY_PATH.exec(file.split(path.sep).join('/'));
  if (!m) return null;
  if (m[2] === '/') return m[1];
  try {
    return statSync(file).isDirectory() ? m[1] : null;
  } catch {
    return null;
  }
}

// Families never import each other: each is its folders, so adding or removing one touches no other.
const ownFamilyOnly = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = familyOf(path.resolve(context.filename));
    if (!own) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const other = familyOf(path.resolve(path.dirname(path.resolve(context.filename)), spec));
      if (other && other !== own) context.report({ node: node.source, message: `families never import each other: ${own} imports ${other}` });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

// Solver code the renderer must not pull into its bundle: engines, the catalogue, the driver, each
// family's barrel (it re-exports the solvers: the renderer takes families/<id>/entry or single
// model modules) and the families' solver modules.
const SOLVER_CODE = [
  '(^|/)core/(engines|catalogue)/',
  '(^|/)core/engine/(?!run-types$)',
  '(^|/)core/families/(?!(family|ids|samples|index|verify)$)[^/]+(/index)?$',
  '(^|/)core/families/[^/]+/(solvers|tuned-sa|sa|exact|local-search)$',
  '(^|/)core/families/[^/]+/(ga|beam|lns|vns|backtrack|local-search)(/|$)',
].join('|');

// Syntax no source file uses: Electron outside its layer, plurals and number formats made in place.
const SRC_SYNTAX = [
  { selector: 'ImportDeclaration[source.value=/^electron(\\/|$)/]', message: 'only src/main/electron (and the preload script) import Electron' },
  {
    // Whatever the test (`n === 1`, `n > 1`): a suffix chosen in place is a hand-made plural.
    selector: "ConditionalExpression[consequent.value=''][alternate.value=/^e?s$/], ConditionalExpression[consequent.value=/^e?s$/][alternate.value='']",
    message: "a counted noun: countNoun or nounFor (core/text/plural) say '1 run', '3 runs' in one place",
  },
];
const NUMBER_TEXT = [
  {
    selector: "CallExpression[callee.property.name='toLocaleString'], NewExpression[callee.object.name='Intl'][callee.property.name=/Format$/]",
    message: 'numbers and dates as text come from core/text (countText, decimalText, whenText…), so every view writes them alike',
  },
];

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
    // The API says what crosses the transports; it imports no implementation (store, services,
    // serve…): only its own files, core and the schema library.
    files: ['src/main/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!valibot$|\\./[^/]+$|(\\.\\./){2}core/)', message: 'main/api imports only main/api, core and valibot (no implementation)' }],
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
            {
              regex: SOLVER_CODE,
              allowTypeImports: true,
              message: 'the renderer never imports solver code (take a family from core/families/<id>/entry or its model modules)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/families/**', 'src/renderer/src/families/**'],
    plugins: { families: { rules: { 'own-family-only': ownFamilyOnly } } },
    rules: { 'families/own-family-only': 'error' },
  },
  {
    files: ['src/**'],
    ignores: ['src/main/electron/**', 'src/preload/**'],
    rules: { 'no-restricted-syntax': ['error', ...SRC_SYNTAX, ...NUMBER_TEXT] },
  },
  {
    // The one module that turns values into display text formats numbers itself.
    files: ['src/core/text/**'],
    rules: { 'no-restricted-syntax': ['error', ...SRC_SYNTAX] },
  },
);
