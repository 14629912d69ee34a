// Lint rules for the whole package: TypeScript, React hooks and TanStack Query (types are checked by tsc).
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A relative import of a top folder (or below it): `../server/x`, `../../areas`; never a package such as react-dom/server. */
const relativeInto = (folders) => `^\\.\\.?/(\\.\\./)*(${folders})(/|$)`;
const layerMessage = 'A lower layer never imports an area: hand it what it needs from server/app.ts or server/areas/index.ts.';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'data/', 'test-results/', 'playwright-report/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...pluginQuery.configs['flat/recommended'],
  // The layers: the mechanism folders never reach up into the areas (app.ts and areas/index.ts
  // wire the areas in from the top); the web app and the shared code never import the server,
  // and the shared code never imports the web app either.
  {
    files: ['server/{core,db,auth,http,storage,images,jobs,workers,text,typesetting}/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: relativeInto('areas'), message: layerMessage }] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: relativeInto('server'), message: 'The web app never imports the server; share code through common/.' }] },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: relativeInto('server|web'), message: 'common/ is shared by both sides and imports neither.' }] },
      ],
    },
  },
  {
    // Tests talk to untyped JSON answers.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'server/test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
