import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    // Several processes on one PostgreSQL: `npm run test:scale` (vitest.scale.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['src/server/test/setup-file.ts'],
    // One migrated PGlite that every test file's database starts from (PGlite only).
    globalSetup: ['src/server/test/global-setup.ts'],
  },
})
