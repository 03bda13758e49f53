import { REQUEST_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import { takeRateLimitOrThrow } from '#server/platform/rate-limit'

/**
 * The per-user limit of questions that call a model (Magic Chat, the AI search panel, prompt
 * tests), apart from the provider's own: one user cannot take the provider's whole concurrency or
 * run up the operator's bill (issue 29). Counted before any charge, so a refusal costs nothing.
 */
export async function takeAiQuestionOrThrow(userId: string) {
  const limit = env.AI_QUESTIONS_PER_MINUTE
  await takeRateLimitOrThrow({ key: `ai_questions:${userId}`, limit, message: (seconds) => REQUEST_MESSAGES.aiQuestionsLimited(limit, seconds) })
}
