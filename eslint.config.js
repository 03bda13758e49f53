import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web may import the server only as a type (ARCHITECTURE: Layout).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*'], message: 'The web imports the server only as a type.', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*', '#web/*'], message: 'common imports neither side.' }] },
      ],
    },
  },
  {
    files: ['src/server/main.ts', 'src/server/cli.ts', 'bench/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
)
