import { defineConfig } from 'vitest/config'
import { serverTests } from './vitest.config.ts'

/** `npm run test:scale`: tests of several server processes on one PostgreSQL (DATABASE_URL). */
export default defineConfig({
  test: { ...serverTests, include: ['src/**/*.pg.test.ts'], exclude: ['**/node_modules/**'] },
})
