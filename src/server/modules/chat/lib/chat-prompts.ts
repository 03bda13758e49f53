import { FORMULA_FUNCTIONS } from '#common/schemas/formula'
import type { AggregateResult, Plan } from '#common/schemas/plans'
import type { TableProfile } from '#server/modules/row-storage/table-profile'

/**
 * What Magic Chat sends a model. The first line of each system prompt names it, so a test's fake
 * provider can tell a plan request from a summary request.
 */

export const PLAN_PROMPT_MARKER = 'ROWCRAFT_CHAT_PLAN'
export const SUMMARY_PROMPT_MARKER = 'ROWCRAFT_CHAT_SUMMARY'

/** The formula language's functions, one a line, from the catalogue the checker reads. */
const FORMULA_FUNCTION_LINES = FORMULA_FUNCTIONS.map((f) => `  ${f.signature}: ${f.description}`).join('\n')

export const PLAN_SYSTEM_PROMPT = `${PLAN_PROMPT_MARKER}
You turn a question about a table into a query plan. You do not answer the question and you never
compute or guess a figure: the plan is run over every row by the database, which computes the
answer. You see the table's columns with their types, filled counts, common values, samples and
ranges, never the rows.

Answer with JSON only:
- kind "plan": "plan" = { where?, aggregate?, sort?, limit? }.
  where: a condition. A condition is {"all":[...]} (every one holds), {"any":[...]} (at least
  one holds), {"not": condition}, or a column condition: {"column": <column name exactly as
  listed>, "op": <op>, "value": <text or number>} with op one of equals, not_equals, contains,
  not_contains, starts_with, ends_with, greater_than, less_than, at_least, at_most, is_empty,
  is_not_empty (no value for the last two); {"column", "op": "in" or "not_in", "values": [..]};
  {"column", "op": "between", "values": [low, high]} (both ends included);
  a row against its column: {"column", "op": equals|not_equals|greater_than|less_than|at_least|
  at_most, "figure": {"op": "sum"|"avg"|"min"|"max"|"median", "column"} or {"op": "percentile",
  "fraction", "column"}}, the figure computed over every row ("rows above the average salary":
  greater_than the avg; "is Switzerland the most expensive?": Country equals Switzerland and
  Price equals the max).
  Text compares ignoring case, accents and outer spaces; values that read as numbers or dates
  compare as numbers or dates. Use values as they appear in the common values and samples.
  Only when the question treats spellings that differ in case as different values ("Hacendado"
  and "hacendado" as two brands), add "caseSensitive": true to an equals, not_equals, contains,
  not_contains, starts_with, ends_with, in or not_in condition: it then compares text as written
  (case and accents count). In a formula, EXACT(a, b) compares two texts the same way.
  aggregate: {"op":"count"}, {"op":"count_by","column","limit"?} (how many rows per value),
  {"op":"count_distinct"|"sum"|"avg"|"min"|"max"|"median","column"},
  {"op":"percentile","fraction":<0 to 1>,"column"} (the 90th percentile is "fraction": 0.9;
  median and percentile interpolate between the two values around the point, as pandas' median
  and quantile do),
  {"op":"group_by","column","measures":[measure, ...],"limit"?,"direction"?} (figures per value:
  a measure is {"op":"count"}, {"op":"sum"|"avg"|"min"|"max"|"median"|"count_distinct","column"}
  or {"op":"percentile","fraction","column"}; groups come largest first by the first measure,
  "direction":"asc" for smallest first),
  {"op":"exists"} (a yes/no question: does any row match?),
  {"op":"expression","expression","measures":[measure, ...]} (figures over figures: one answer
  computed from several measures, in the formula language, each measure read as {its name}; the
  range of ages: {"op":"expression","expression":"{Oldest} - {Youngest}","measures":[{"name":
  "Oldest","op":"max","column":"Age"},{"name":"Youngest","op":"min","column":"Age"}]}; the share
  of smokers: "{Smokers} / {People}" over {"name":"Smokers","op":"count","where":{"column":
  "Smoker","op":"equals","value":"yes"}} and {"name":"People","op":"count"}; how far the top salary
  is above the average: "{Top} - {Mean}" over a max and an avg). Any measure (here or in a
  group_by) may carry "name" and its own "where": only the rows that also match that condition
  count in it. An expression reads only the named measures (not columns, not ROW()); a division
  by zero or an empty measure leaves it empty. A group_by may add "expression": each group's
  figure over its measures, and the groups are ordered by it ("which department has the highest
  share of smokers": group_by Dept, the two counts, "expression", "limit": 1).
  A question about one group picked by its figure ("how many leads are in the most common city?",
  "the average price of the cheapest brand") is a count_by or group_by with "limit": 1 (and
  "direction":"asc" for the smallest): the answer is that group's figure.
  A yes/no question about a figure ("is the total revenue above 1M?", "are there more than 50
  leads in Spain?") adds "compare": {"op": equals|not_equals|greater_than|less_than|at_least|at_most,
  "value"} to count, count_distinct, sum, avg, min, max, median or percentile.
  sort: {"column","direction":"asc"|"desc"}; limit: rows to list (1-1000), for "top N" questions.
  A question about which or how many rows: a where (and no aggregate). Put the separate
  requirements of the question as separate members of a top-level "all".
  FORMULAS: wherever a plan names a column (a condition, sort, count_by, group_by, a measure, an
  aggregate) it may give {"formula": "..."} instead of {"column": ...}, for a value no column holds
  but the columns determine: revenue per employee, the e-mail domain, the signup year, a list
  cell's items. Write columns in braces by their listed name: {Revenue}. Examples:
  {"formula": "NUMBER({Revenue}) / NUMBER({Employees})", "op": "greater_than", "value": "1000"};
  {"op":"group_by","formula":"YEAR(DATE({Signup date}))","measures":[{"op":"count"}]};
  {"op":"count_by","formula":"ITEMS({Tags})"} counts each item of a list cell once per row.
  Operators: = <> < > <= >= (compare), & (join text), + - * /. Text in double quotes; numbers as
  written (1000, 2.5); TRUE, FALSE. A value that does not read as a number is empty in arithmetic
  (and x / 0 is empty); text compares ignoring case, accents and outer spaces. Functions:
${FORMULA_FUNCTION_LINES}
  The database computes every formula; never put a figure you worked out into a formula.
- kind "judgment": the question needs a judgment about each row that no column holds and no
  condition on the columns (or formula over them) can express (for example "which of these are
  SaaS companies?", "who is a decision maker?"). Propose an AI column that decides it for every
  row: "judgment" =
  {"columnName", "prompt" (an instruction for one row, naming the columns it reads in braces,
  e.g. "Is {Company} a SaaS business? Look at {Industry} and {Website}."), "outputType":
  "boolean"|"text"|"number", "where": the condition on the new column (by its columnName) that
  answers the question, e.g. {"column": "Is SaaS", "op": "equals", "value": "true"}}.
Always give "reasoning" (one or two sentences on how you read the question; no figures) and
"confidence" (0 to 1: how sure you are that the plan asks what the user meant).`

export function planUserMessage({
  question,
  profile,
  previous,
  correction,
}: {
  question: string
  profile: TableProfile
  previous: { question: string; plan: Plan } | null
  /** Why the model's last answer could not be run, for its second try. */
  correction?: string
}) {
  return JSON.stringify({
    question,
    rows: profile.totalRows,
    columns: profile.columns.map((column) => ({
      name: column.name,
      type: column.type,
      filled: column.filled,
      empty: column.empty,
      ...(column.commonValues.length > 0 ? { common_values: column.commonValues } : {}),
      samples: column.samples,
      ...(column.numberRange ? { number_range: column.numberRange } : {}),
      ...(column.dateRange ? { date_range: column.dateRange } : {}),
      distinct_in_sample: column.distinctInSample,
    })),
    sampled_rows_for_common_values: profile.sampledRows,
    ...(previous ? { previous_question: previous.question, previous_plan: previous.plan } : {}),
    ...(correction ? { your_previous_answer_failed: `${correction} Answer again with a corrected plan.` } : {}),
  })
}

export const SUMMARY_SYSTEM_PROMPT = `${SUMMARY_PROMPT_MARKER}
Write a short answer (one or two sentences) to the question from the computed figures given.
Use only the numbers in the figures; do not estimate, round differently or add any other number.
Answer with JSON only: {"summary": "..."}.`

/** `top`: the answer is the first `n` of the `count` matching rows, in the plan's sort (issue 30 §4: a top-N shows its N). */
export type TopRows = { n: number; column: string | null; direction: 'asc' | 'desc' }

export type ComputedFigures = {
  question: string
  count: number
  totalRows: number
  criteria: string[]
  aggregate: AggregateResult | null
  top: TopRows | null
}

export function summaryUserMessage(figures: ComputedFigures) {
  return JSON.stringify({
    question: figures.question,
    matching_rows: figures.count,
    rows_in_file: figures.totalRows,
    conditions: figures.criteria,
    ...(figures.aggregate ? { aggregate: figures.aggregate } : {}),
    ...(figures.top ? { rows_answered: figures.top.n, ...(figures.top.column ? { sorted_by: figures.top.column, direction: figures.top.direction } : {}) } : {}),
  })
}
