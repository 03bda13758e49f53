import type { Condition } from '#common/schemas/plans'

/**
 * The AI filter (001 §4): a chat or AI search answer's plan condition applied as the grid's view
 * (`where`), never a list of ids, with the question it answers (the banner's and export's words).
 */
export type AiFilter = { where: Condition; query: string }
