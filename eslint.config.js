import path from 'node:path'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Features never import each other (ARCHITECTURE: Layout): where two meet, a route file in
 * src/web/app composes them. Resolves relative imports, so `../../billing/api` is caught too.
 */
const boundaries = {
  rules: {
    'feature-isolation': {
      meta: {
        type: 'problem',
        messages: {
          crossFeature: "The '{{from}}' feature imports the '{{to}}' feature: features never import each other; compose them in a route file (src/web/app/routes).",
        },
      },
      create(context) {
        const featureOf = (file) => /src[/\\]web[/\\]features[/\\]([^/\\]+)/.exec(file)?.[1]
        const from = featureOf(context.filename)
        if (!from) return {}
        const check = (node, source) => {
          if (typeof source !== 'string') return
          const to = source.startsWith('#web/features/')
            ? source.slice('#web/features/'.length).split('/')[0]
            : source.startsWith('.')
              ? featureOf(path.resolve(path.dirname(context.filename), source) + path.sep)
              : undefined
          if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } })
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        }
      },
    },
  },
}

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
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
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/feature-isolation': 'error',
      // The web may import the server only as a type (ARCHITECTURE: Layout). (A pattern group
      // starting with '#' reads as a comment, so these are regular expressions.)
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(#server/|(\\.\\./)+server/)', message: 'The web imports the server only as a type.', allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(#server/|#web/|(\\.\\./)+(server|web)/)', message: 'common imports neither side.' }] },
      ],
    },
  },
  {
    // Platform knows no domain: modules build on it, never the other way (a module's piece it
    // needs, such as the session lookup, is handed to it at boot).
    files: ['src/server/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(#server/modules/|(\\.\\./)+modules/)', message: 'platform imports no module.' }] },
      ],
    },
  },
  {
    files: ['src/server/main.ts', 'src/server/cli.ts', 'bench/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
)
