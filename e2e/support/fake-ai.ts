/** The fake OpenAI-compatible server's port for the browser tests (e2e/global-setup.ts starts it). */
export const FAKE_AI_PORT = Number(process.env.FAKE_AI_PORT ?? 3191)

/** The fake data provider's port for the HTTP API column journeys (src/server/test/fake-http-source.ts). */
export const FAKE_SOURCE_PORT = Number(process.env.FAKE_SOURCE_PORT ?? 3192)

/** The fake's answers take this long by default: a journey sees cells queued and running first. */
export const FAKE_AI_LATENCY_MS = 250

/**
 * A prompt that contains this marker is answered after FAKE_AI_SLOW_LATENCY_MS instead, so a
 * journey can open a cell while it is still running and watch it finish.
 */
export const FAKE_AI_SLOW_MARKER = '(take your time)'
export const FAKE_AI_SLOW_LATENCY_MS = 5000

/** The first line of Magic Chat's system prompts (src/server/modules/chat/lib/chat-prompts.ts). */
export const CHAT_PLAN_MARKER = 'ROWCRAFT_CHAT_PLAN'
export const CHAT_SUMMARY_MARKER = 'ROWCRAFT_CHAT_SUMMARY'

/**
 * The plans the fake model answers Magic Chat with, picked by a phrase of the question (the user
 * message is JSON with a `question`). Summaries carry no figure, so the server keeps them.
 */
export const FAKE_CHAT_PLANS = {
  bigCompanies: {
    question: 'Which leads have more than 50 employees and an email?',
    answer: {
      kind: 'plan',
      plan: {
        where: {
          all: [
            { column: 'Employees', op: 'greater_than', value: '50' },
            { column: 'Email', op: 'is_not_empty' },
          ],
        },
      },
      reasoning: 'Companies larger than fifty people that can be reached by email.',
      confidence: 0.86,
    },
  },
  acme: {
    question: 'Who works at Acme?',
    answer: {
      kind: 'plan',
      plan: { where: { column: 'Company', op: 'equals', value: 'Acme' } },
      reasoning: 'Leads whose company is Acme.',
      confidence: 0.95,
    },
  },
  saas: {
    question: 'Which of these are SaaS companies?',
    answer: {
      kind: 'judgment',
      judgment: {
        columnName: 'Is SaaS',
        prompt: 'Is {Company} a SaaS business? Answer true or false.',
        outputType: 'boolean',
        where: { column: 'Is SaaS', op: 'equals', value: 'true' },
      },
      reasoning: 'Whether a company sells software as a service is not in any column.',
      confidence: 0.7,
    },
  },
  byCompany: {
    question: 'How many leads work at each company?',
    answer: {
      kind: 'plan',
      plan: { aggregate: { op: 'count_by', column: 'Company' } },
      reasoning: 'Every lead, counted by company.',
      confidence: 0.9,
    },
  },
  revenueByCountry: {
    question: 'Total revenue per country',
    answer: {
      kind: 'plan',
      plan: {
        aggregate: {
          op: 'group_by',
          column: 'Country',
          measures: [
            { op: 'sum', column: 'Revenue' },
            { op: 'avg', formula: 'NUMBER({Revenue}) / NUMBER({Employees})' },
          ],
        },
      },
      reasoning: 'Revenue added up per country, with the revenue per employee.',
      confidence: 0.9,
    },
  },
  revenuePerHead: {
    question: 'Which country makes the most revenue per employee?',
    answer: {
      kind: 'plan',
      plan: {
        aggregate: {
          op: 'group_by',
          column: 'Country',
          measures: [
            { op: 'sum', column: 'Revenue', name: 'Revenue' },
            { op: 'sum', column: 'Employees', name: 'Staff' },
          ],
          expression: '{Revenue} / {Staff}',
        },
      },
      reasoning: 'Each country\'s revenue over its employees, a figure over two figures.',
      confidence: 0.8,
    },
  },
  employeeRange: {
    question: 'What is the range of company sizes?',
    answer: {
      kind: 'plan',
      plan: { aggregate: { op: 'expression', expression: '{Most} - {Fewest}', measures: [{ op: 'max', column: 'Employees', name: 'Most' }, { op: 'min', column: 'Employees', name: 'Fewest' }] } },
      reasoning: 'The largest company size minus the smallest.',
      confidence: 0.9,
    },
  },
  perEmployee: {
    question: 'Does any company make more than 2000 per employee?',
    answer: {
      kind: 'plan',
      plan: { where: { formula: 'NUMBER({Revenue}) / NUMBER({Employees})', op: 'greater_than', value: '2000' }, aggregate: { op: 'exists' } },
      reasoning: 'Revenue per employee above 2,000.',
      confidence: 0.85,
    },
  },
  nobody: {
    question: 'Who works at Nowhere Inc?',
    answer: {
      kind: 'plan',
      plan: { where: { column: 'Company', op: 'equals', value: 'Nowhere Inc' } },
      reasoning: 'Leads whose company is Nowhere Inc.',
      confidence: 0.9,
    },
  },
} as const

export const FAKE_CHAT_SUMMARY = 'These leads match the question.'

/** Magic Chat's answer for a fake call, or undefined when the call is not one of chat's. */
export function fakeChatAnswer(messages: Array<{ role: string; content: string }>, lastUserText: string): unknown {
  const system = messages.find((message) => message.role === 'system' || message.role === 'developer')?.content ?? ''
  if (system.startsWith(CHAT_SUMMARY_MARKER)) return { summary: FAKE_CHAT_SUMMARY }
  if (!system.startsWith(CHAT_PLAN_MARKER)) return undefined
  let question = ''
  try {
    question = String((JSON.parse(lastUserText) as { question?: unknown }).question ?? '')
  } catch {
    question = lastUserText
  }
  const match = Object.values(FAKE_CHAT_PLANS).find((entry) => question.toLowerCase().includes(entry.question.toLowerCase()))
  return match?.answer ?? { kind: 'plan', plan: { aggregate: { op: 'count' } }, reasoning: 'Every row of the file.', confidence: 0.5 }
}

/** The first line of the formula suggestion's system prompt (src/server/modules/columns/formula-suggest-prompts.ts). */
export const FORMULA_SUGGEST_MARKER = 'ROWCRAFT_FORMULA_SUGGEST'

/** The formulas the fake model proposes for 'Describe it instead', picked by a phrase of the description. */
export const FAKE_FORMULA_SUGGESTIONS = [
  { phrase: 'domain of the e-mail', formula: 'DOMAIN({Email})' },
  { phrase: 'size', formula: 'IF(NUMBER({Employees}) >= 100, "Large", "Small")' },
] as const

/** The formula suggestion's answer for a fake call, or undefined when the call is not one. */
export function fakeFormulaAnswer(messages: Array<{ role: string; content: string }>, lastUserText: string): unknown {
  const system = messages.find((message) => message.role === 'system' || message.role === 'developer')?.content ?? ''
  if (!system.startsWith(FORMULA_SUGGEST_MARKER)) return undefined
  let description = ''
  try {
    description = String((JSON.parse(lastUserText) as { description?: unknown }).description ?? '')
  } catch {
    description = lastUserText
  }
  const match = FAKE_FORMULA_SUGGESTIONS.find((entry) => description.toLowerCase().includes(entry.phrase))
  return { formula: match?.formula ?? 'UPPER({Name})' }
}

/** The first line of the examples a corrected column sends (src/server/modules/enrichment/lib/render-prompt.ts `buildExamplesPart`). */
export const CORRECTIONS_MARKER = 'The user corrected this column on other rows.'

/**
 * A call that carries a column's examples is answered 'Like <the first example's value>', so a
 * journey sees which example the server chose as the most similar; undefined for other calls.
 */
export function fakeCorrectionsAnswer(messages: Array<{ role: string; content: string }>): unknown {
  const examples = messages.find((message) => message.role === 'system' && message.content.startsWith(CORRECTIONS_MARKER))?.content
  if (!examples) return undefined
  const first = examples.split('\n').find((line) => line.startsWith('{'))
  const value = first ? String((JSON.parse(first) as { value?: unknown }).value ?? '') : ''
  return { reasoning: 'Followed the corrections.', confidence: 0.9, value: `Like ${value}` }
}
