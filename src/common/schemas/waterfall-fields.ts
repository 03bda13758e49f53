import { z } from 'zod'
import { AI } from '../constants.ts'
import { AI_FIELD_MESSAGES } from '../messages.ts'
import { aiAutoRunSettingsSchema } from './enrichment.ts'
import { cellStepSchema, waterfallStepsSchema } from './sources.ts'

/** Waterfall columns' requests (issue 43, decision 037): creation and 'Test on a row'. */

/** POST /api/uploads/:id/waterfall-fields: the column and its steps, tried in order. */
export const createWaterfallFieldSchema = z
  .object({
    name: z.string().trim().min(1, AI_FIELD_MESSAGES.nameRequired).max(AI.maxNameLength, AI_FIELD_MESSAGES.nameTooLong(AI.maxNameLength)),
    steps: waterfallStepsSchema,
    autoRun: aiAutoRunSettingsSchema.optional(),
  })
  .strict()
export type CreateWaterfallFieldInput = z.infer<typeof createWaterfallFieldSchema>

/** POST /api/uploads/:id/waterfall-fields/test: the steps on one row, before a run. */
export const testWaterfallSchema = z
  .object({
    steps: waterfallStepsSchema,
    rowIndex: z.number().int().min(0),
  })
  .strict()
export type TestWaterfallInput = z.infer<typeof testWaterfallSchema>

export const testWaterfallResultSchema = z.object({
  /** The value the column would get for the row; null when no step's value was accepted. */
  value: z.string().nullable(),
  /** The step whose value it is (from 0), or null. */
  acceptedStep: z.number().int().nullable(),
  /** Every step tried, in order, with its outcome (later steps are not called once one is accepted). */
  steps: z.array(cellStepSchema),
})
export type TestWaterfallResult = z.infer<typeof testWaterfallResultSchema>
