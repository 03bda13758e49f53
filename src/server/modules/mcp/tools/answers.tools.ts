import { z } from 'zod'
import { CHAT, CHAT_PLAN, CREDIT_COSTS, MCP } from '#common/constants'
import { planSchema } from '#common/schemas/plans'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { askChat, runPlanForUser } from '#server/modules/chat/answering'
import { compactRows, firstOf } from '../lib/compact.ts'
import { defineTool, fileIdOrThrow } from '../mcp-tool.ts'
import { fileIdInput } from './files.tools.ts'

/** Answers over every row: a plan as it is (POST /chat/plan) and a question to Magic Chat (POST /chat). */

export const runPlanTool = defineTool({
  name: 'run_plan',
  title: 'Run a query plan',
  description: `Computes an exact answer over every row of a file from a query plan, free and repeatable: "count" of matching rows, an optional aggregate, and the first matching rows. A plan is {"where": condition, "aggregate": {...}, "sort": {"column","direction"}, "limit": n}; a condition is {"column": name, "op": one of equals, not_equals, contains, not_contains, starts_with, ends_with, greater_than, less_than, at_least, at_most, is_empty, is_not_empty, "value": text or number, "caseSensitive"?: true to compare text as written}, {"column","op":"in"|"not_in","values":[...]}, {"column","op":"between","values":[low,high]}, or a group {"all":[...]}, {"any":[...]}, {"not":condition}. Aggregates: {"op":"count"}, {"op":"count_by","column"}, {"op":"count_distinct"|"sum"|"avg"|"min"|"max"|"median","column"}, {"op":"percentile","fraction":0.9,"column"} (interpolated, as pandas' quantile), {"op":"group_by","column","measures":[{"op":"count"} or {"op":"sum"|"avg"|"min"|"max"|"median"|"count_distinct","column"} or {"op":"percentile","fraction","column"}],"limit"?,"direction"?}, {"op":"exists"} (yes/no), {"op":"expression","expression":"{Oldest} - {Youngest}","measures":[{"name":"Oldest","op":"max","column":"Age"},{"name":"Youngest","op":"min","column":"Age"}]} (figures over figures: one figure computed from named measures in the formula language, e.g. a share "{Smokers} / {People}"; its "value" and each measure's); any measure may carry "name" and its own "where" (only the rows that also match count in it), and a group_by may add "expression" (each group's figure over its measures, the groups ordered by it); a condition may compare with a figure over every row: {"column","op","figure":{"op":"avg","column"}}; count_by or group_by with "limit": 1 adds that one group's "group" and "value" (its rows, or its first measure); and "compare":{"op","value"} on count, count_distinct, sum, avg, min, max, median, percentile for a yes/no answer with the figure. Wherever a plan names a column it may give {"formula": "..."} instead: the formula language of formula columns ({Column} references, e.g. "NUMBER({Revenue}) / NUMBER({Employees})", "DOMAIN({Email})", "YEAR(DATE({Signup}))"); count_by or group_by over "ITEMS({Tags})" counts each item of a list cell once per row. Columns are named as describe_file lists them (case-insensitive); text compares ignore case. Example: {"where":{"all":[{"column":"Country","op":"equals","value":"France"},{"formula":"NUMBER({Revenue}) / NUMBER({Employees})","op":"at_least","value":"1000"}]},"aggregate":{"op":"group_by","column":"Industry","measures":[{"op":"sum","column":"Revenue"}]}}. Shows at most ${MCP.maxRowsShown} rows and ${MCP.maxRowIndexesShown} row indexes; "truncated" says when more matched. Costs nothing and calls no AI model.`,
  scope: 'read',
  input: z.object({ fileId: fileIdInput, plan: planSchema.describe(`The plan: where, aggregate, sort and limit (1 to ${CHAT_PLAN.maxLimit}), all optional.`) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ fileId, plan }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    await assertPaidAccessOrThrow({ userId: user.id, details: { source: 'mcp', tool: 'run_plan' } })
    // Only what the answer shows is read: the first rows and indexes, not the REST answer's 1,000 and 100,000.
    const result = await runPlanForUser({ userId: user.id, uploadId, plan, shown: { rows: MCP.maxRowsShown, rowIndexes: MCP.maxRowIndexesShown } })
    const { rows, cutValues } = compactRows(result.rows)
    const rowsAsked = Math.min(plan.limit ?? CHAT_PLAN.defaultLimit, result.count)
    return {
      count: result.count,
      totalRows: result.totalRows,
      criteria: result.criteria,
      steps: result.steps,
      aggregate: result.aggregate,
      duplicates: result.duplicates,
      rows,
      rowIndexes: result.rowIndexes,
      rowIndexesShown: result.rowIndexes.length,
      cutValues,
      truncated: result.rows.length < rowsAsked || !result.rowIndexesComplete || cutValues > 0,
    }
  },
})

export const askQuestionTool = defineTool({
  name: 'ask_question',
  title: 'Ask a question in plain language',
  description: `Asks Magic Chat a question about one file in plain language ("How many leads are in France?", "Top 10 companies by revenue"). It calls the AI model, which turns it into a plan; the plan is computed exactly over every row, and the answer states the computed figures. It COSTS ${CREDIT_COSTS.chatQuery} credits per question from the user's balance (nothing when the user has their own AI provider key; refunded if it fails) and is saved in the file's chat history. Prefer run_plan, which is free and exact, when you can write the plan yourself. A question that needs a judgment per row comes back as a proposed AI column (see create_ai_column).`,
  scope: 'read_write',
  input: z.object({ fileId: fileIdInput, question: z.string().trim().min(1).max(CHAT.maxQueryLength).describe('The question, as a person would ask it.') }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, question }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    await assertPaidAccessOrThrow({ userId: user.id, details: { source: 'mcp', tool: 'ask_question' } })
    const { answer, remainingCredits } = await askChat({ userId: user.id, uploadId, query: question, source: 'chat' })
    const result = answer.result
    const indexes = firstOf(result?.data.all_matching_row_ids ?? [], MCP.maxRowIndexesShown)
    return {
      answer: answer.content,
      isError: answer.isError,
      ...(result
        ? {
            count: result.data.count,
            totalRows: result.data.total_rows,
            criteria: result.data.filter_criteria,
            aggregate: result.data.aggregate,
            plan: result.plan,
            rowIndexes: indexes.items,
            truncated: indexes.truncated,
            ...(result.judgment
              ? { proposedAiColumn: { name: result.judgment.columnName, prompt: result.judgment.prompt, outputType: result.judgment.outputType, rows: result.judgment.rows, estimatedCredits: result.judgment.estimatedCredits } }
              : {}),
          }
        : {}),
      remainingCredits,
    }
  },
})
