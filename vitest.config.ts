import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/** The server's tests, and the web's logic tests beside them: node, a migrated PGlite per file. */
export const serverTests = {
  include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
  // Several processes on one PostgreSQL: `npm run test:scale` (vitest.scale.config.ts).
  exclude: ['**/node_modules/**', 'src/**/*.pg.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ['src/server/test/setup-file.ts'],
  // One migrated PGlite that every test file's database starts from (PGlite only).
  globalSetup: ['src/server/test/global-setup.ts'],
} satisfies TestProjectInlineConfiguration['test']

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'server', ...serverTests } },
      // The screens' component tests: a DOM, no database (so neither the PGlite template nor its setup).
      { test: { name: 'web', include: ['src/web/**/*.test.tsx'], environment: 'jsdom', testTimeout: 20_000, setupFiles: ['src/web/test/setup-dom.ts'] } },
    ],
  },
})
