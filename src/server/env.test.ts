import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadEnv } from '#server/env'

const tempDir = () => mkdtempSync(join(tmpdir(), 'rowcraft-env-'))

describe('loadEnv', () => {
  it('runs with nothing set: port 3000, PGlite, local billing, generated secret kept on disk', () => {
    const dir = tempDir()
    const env = loadEnv({ DATA_DIR: dir })
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
    expect(env.billingProvider).toBe('local')
    expect(env.googleEnabled).toBe(false)
    expect(env.APP_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(env.APP_SECRET)
    expect(loadEnv({ DATA_DIR: dir }).APP_SECRET).toBe(env.APP_SECRET)
  })

  it('scales the per-address sign-in limits by AUTH_IP_LIMIT_FACTOR, 1 unless set, and refuses nonsense', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).AUTH_IP_LIMIT_FACTOR).toBe(1)
    expect(loadEnv({ DATA_DIR: tempDir(), AUTH_IP_LIMIT_FACTOR: '20' }).AUTH_IP_LIMIT_FACTOR).toBe(20)
    expect(() => loadEnv({ DATA_DIR: tempDir(), AUTH_IP_LIMIT_FACTOR: 'lots' })).toThrow(/AUTH_IP_LIMIT_FACTOR/)
  })

  it('treats empty strings as unset', () => {
    const env = loadEnv({ DATA_DIR: tempDir(), DATABASE_URL: '', GOOGLE_CLIENT_ID: ' ', PORT: '' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined()
    expect(env.PORT).toBe(3000)
  })

  it('lists every bad value in one readable error', () => {
    expect(() => loadEnv({ DATA_DIR: tempDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*APP_SECRET/,
    )
  })

  it('enables Google and Stripe only when all their keys are set', () => {
    const dir = tempDir()
    expect(loadEnv({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'id' }).googleEnabled).toBe(false)
    expect(loadEnv({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).googleEnabled).toBe(true)
    expect(
      loadEnv({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk', STRIPE_PRICE_ID: 'p', STRIPE_WEBHOOK_SECRET: 'w' }).billingProvider,
    ).toBe('stripe')
  })
})
