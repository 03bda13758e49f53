import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { API_TOKENS, DEV_SERVER_ORIGIN, USER_RATE_LIMITS } from '#common/constants'

/** Empty strings count as unset (CONVENTIONS §10). */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v?.toLowerCase() === 'true')

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: optional.transform((v) => Number(v ?? 3000)).pipe(z.number().int().min(1).max(65535)),
  HOST: optional.default('0.0.0.0'),
  DATA_DIR: optional.default('./data'),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  APP_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: flag,
  /** Multiplies the per-address limits of sign-in, sign-up, resets and verification mails. */
  AUTH_IP_LIMIT_FACTOR: optional.transform((v) => Number(v ?? 1)).pipe(z.number().positive().max(1000)),
  /** Requests a minute one personal API token may make (issue 24); default API_TOKENS.requestsPerMinute. */
  API_TOKEN_REQUESTS_PER_MINUTE: optional
    .transform((v) => Number(v ?? API_TOKENS.requestsPerMinute))
    .pipe(z.number().int().min(1).max(100_000)),
  /** Model-calling questions a minute per user (chat, AI search, prompt tests); default USER_RATE_LIMITS. */
  AI_QUESTIONS_PER_MINUTE: optional
    .transform((v) => Number(v ?? USER_RATE_LIMITS.aiQuestionsPerMinute))
    .pipe(z.number().int().min(1).max(100_000)),
  /** Plan runs a minute per user (`POST /chat/plan`, an edited answer); default USER_RATE_LIMITS. */
  PLAN_RUNS_PER_MINUTE: optional
    .transform((v) => Number(v ?? USER_RATE_LIMITS.planRunsPerMinute))
    .pipe(z.number().int().min(1).max(100_000)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optional.default('Rowcraft <no-reply@rowcraft.local>'),
  /** Where contact-form messages are mailed (through SMTP_URL, or the outbox without it). */
  CONTACT_EMAIL: optional.pipe(z.email().optional()).transform((v) => v ?? 'contact@rowcraft.local'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  MAX_UPLOAD_MB: optional.transform((v) => Number(v ?? 100)).pipe(z.number().positive()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PRICE_ID: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Another Stripe API host (stripe-mock, the tests' fake); production leaves it unset. */
  STRIPE_API_BASE: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The platform's AI providers (issue 12); users may bring their own keys instead. */
  OPENAI_API_KEY: optional,
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio), e.g. http://localhost:11434/v1. */
  OPENAI_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ANTHROPIC_API_KEY: optional,
  ANTHROPIC_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PERPLEXITY_API_KEY: optional,
  PERPLEXITY_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AI_MODEL: optional,
  AI_WEB_MODEL: optional,
  AI_CONCURRENCY: optional.transform((v) => Number(v ?? 8)).pipe(z.number().int().min(1).max(1000)),
  /**
   * Lets users' own AI base URLs (API Settings) reach loopback and private networks: for a
   * self-hosted server with Ollama beside it. Off: only public addresses (the operator's own
   * OPENAI_BASE_URL and the like are trusted either way).
   */
  ALLOW_PRIVATE_AI_URLS: flag,
  /**
   * Lets HTTP API columns call loopback and private networks (a CRM inside the operator's
   * network). Off: public addresses only; link-local (cloud metadata) is refused either way.
   */
  ALLOW_PRIVATE_SOURCE_URLS: flag,
  /** Credits an HTTP API column's request costs (default 0: the user's own provider bills the user). */
  HTTP_SOURCE_CREDITS_PER_CALL: optional.transform((v) => Number(v ?? 0)).pipe(z.number().int().min(0).max(100)),
  /** Unset: no limit of ours (the provider's own 429s are still honoured). */
  AI_REQUESTS_PER_MINUTE: optional
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).optional()),
})

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string
  PUBLIC_URL: string
  APP_SECRET: string
  isProduction: boolean
  /** The Vite dev server's origin, trusted only while `npm run dev` runs it; otherwise null. */
  devServerOrigin: string | null
  googleEnabled: boolean
  billingProvider: 'local' | 'stripe'
}

/**
 * Parses the environment once. On a bad value it throws an error whose message lists every
 * problem, so `main.ts` can print it and exit. APP_SECRET, when not given, is generated on first
 * start and kept in the data folder, so sessions survive a restart.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example and the README.`)
  }
  const raw = parsed.data
  const dataDir = resolve(raw.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  const hasStripe = Boolean(raw.STRIPE_SECRET_KEY && raw.STRIPE_PRICE_ID && raw.STRIPE_WEBHOOK_SECRET)
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    APP_SECRET: raw.APP_SECRET ?? readOrCreateSecret(dataDir),
    isProduction: raw.NODE_ENV === 'production',
    // npm names the running script in every child; only `npm run dev` starts Vite beside us.
    devServerOrigin: raw.NODE_ENV === 'development' && source.npm_lifecycle_event === 'dev' ? DEV_SERVER_ORIGIN : null,
    googleEnabled: Boolean(raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET),
    billingProvider: hasStripe ? 'stripe' : 'local',
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

/** Set once by `bootstrap()`. */
export let env: Env

export function setEnv(next: Env) {
  env = next
}
