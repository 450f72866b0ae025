// Lint for the TypeScript and JavaScript of the extension, the engine, the tests, bench/ and
// the scripts. Formatting is Prettier's (.prettierrc.json); this checks what formatting cannot.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'build/',
      '.cache/',
      'bench/results/',
      'bench/*/*/',
      'test/fixtures/',
      'test/e2e/fixtures/',
      'examples/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Tests match indented source text; a run of spaces reads better than \x20{4}.
      'no-regex-spaces': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/naming-convention': [
        'error',
        { selector: 'default', format: ['camelCase'], leadingUnderscore: 'allow' },
        { selector: 'variable', format: ['camelCase', 'UPPER_CASE', 'PascalCase'], leadingUnderscore: 'allow' },
        { selector: 'typeLike', format: ['PascalCase'] },
        { selector: 'enumMember', format: ['PascalCase', 'UPPER_CASE'] },
        // Keys of wire messages, JSON reports and third-party option objects keep the names the other side uses.
        { selector: ['objectLiteralProperty', 'typeProperty', 'objectLiteralMethod'], format: null },
        { selector: 'import', format: null },
        // A library's classes handed in as arguments keep their names (the language client's CloseAction).
        { selector: 'parameter', format: ['camelCase', 'PascalCase'], leadingUnderscore: 'allow' },
      ],
    },
  },
  {
    // The dependencies the code map (ARCHITECTURE.md) promises: no import circles in src/, and
    // the engine (src/core) usable without the editor and apart from its front ends.
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'] })],
      'import-x/extensions': ['.ts'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/core',
              from: ['./src/cli', './src/sidecar', './src/extension'],
              message: 'src/core is the engine its front ends share: it imports none of them.',
            },
            {
              target: ['./src/cli', './src/sidecar'],
              from: './src/extension',
              message: 'The CLI and the sidecar run without the editor.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts', 'src/sidecar/**/*.ts', 'src/extension/logic/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vscode',
              message:
                "Only src/extension's glue runs inside the editor; the engine, the CLI, the sidecar and src/extension/logic (tested without the editor) run without it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['media/**/*.js'],
    languageOptions: { globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } },
  },
);
