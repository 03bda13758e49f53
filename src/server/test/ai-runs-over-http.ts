import type { CreditTransaction, CreditTransactionsPage, SubscriptionStatus } from '#common/schemas/billing'
import type { AiField } from '#common/schemas/enrichment'
import type { FakeAiServer } from './fake-ai-server.ts'
import { signUpOverHttp, uploadOverHttp } from './server-process.ts'
import { until } from './until.ts'

/**
 * AI column runs driven over HTTP against real server processes (crash and scale-out tests):
 * a user with trial credits, a lead list, a field, a run, and what the ledger says afterwards.
 */

export type HttpUser = { baseUrl: string; headers: Record<string, string> }

export async function jsonOverHttp<T>(user: HttpUser, path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  // A poll may meet a keep-alive connection a busy or killed server has just closed: ask again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const res = await fetch(`${user.baseUrl}${path}`, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      })
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      return (await res.json()) as T
    } catch (error) {
      if (attempt === 3 || !(error instanceof TypeError)) throw error
    }
  }
}

/** A verified user on its trial (TRIAL.credits to spend). */
export async function aiRunUser(baseUrl: string, dataDir: string): Promise<HttpUser> {
  const { headers } = await signUpOverHttp(baseUrl, dataDir)
  const user = { baseUrl, headers }
  await jsonOverHttp(user, '/api/billing/checkout', { json: {} })
  return user
}

/** A lead list of `rows` rows, each company different: every cell is its own provider call. */
export function firmsCsv(rows: number, tag: string) {
  const lines = ['Name,Company']
  for (let i = 0; i < rows; i += 1) lines.push(`Person ${i},${tag} Firm ${i}`)
  return lines.join('\n')
}

/** Imports the list, creates an AI field over it, and starts a run over every row. */
export async function startAiRun(user: HttpUser, { rows, tag }: { rows: number; tag: string }) {
  const uploadId = await uploadOverHttp(user.baseUrl, user.headers, `${tag}.csv`, firmsCsv(rows, tag))
  await until('the import', async () => (await jsonOverHttp<{ status: string }>(user, `/api/uploads/${uploadId}/progress`)).status === 'completed')
  const field = await jsonOverHttp<AiField>(user, `/api/uploads/${uploadId}/ai-fields`, { json: { name: 'Blurb', prompt: 'Write one line about {Company}.' } })
  await jsonOverHttp(user, `/api/uploads/${uploadId}/ai-fields/${field.id}/runs`, { json: { scope: 'all' } })
  return { uploadId, fieldId: field.id }
}

export const fieldOverHttp = (user: HttpUser, run: { uploadId: string; fieldId: string }) =>
  jsonOverHttp<AiField>(user, `/api/uploads/${run.uploadId}/ai-fields/${run.fieldId}`)

export async function waitForRunEnd(user: HttpUser, run: { uploadId: string; fieldId: string }, ms: number) {
  return until('the run to complete', async () => {
    const field = await fieldOverHttp(user, run)
    return field.status === 'completed' ? field : undefined
  }, ms)
}

/**
 * The user's usage history as the API shows it: the debits of a field's cells (their reference is
 * the field; a run's cells come as entries of many), every refund, and the balance.
 */
export async function ledgerOf(user: HttpUser, fieldId: string) {
  const rows: CreditTransaction[] = []
  for (let page = 1; ; page += 1) {
    const result = await jsonOverHttp<CreditTransactionsPage>(user, `/api/billing/credits/transactions?page=${page}&perPage=100`)
    rows.push(...result.data)
    if (page >= result.totalPages) break
  }
  const { current_credits: balance } = await jsonOverHttp<SubscriptionStatus>(user, '/api/billing/subscription')
  // The field's runs: one usage entry each (reference: the field and the run number).
  const runs = rows.filter((row) => row.operation.startsWith('ai_enrichment') && row.reference?.startsWith(`${fieldId}:`))
  return {
    runEntries: runs.length,
    cellsCharged: runs.reduce((sum, row) => sum + row.cells, 0),
    refundedCells: runs.reduce((sum, row) => sum + row.refunded_cells, 0),
    /** Net of refunds. */
    creditsCharged: runs.reduce((sum, row) => sum - row.amount, 0),
    balance,
  }
}

/** How many answered provider calls each row's inputs got (the row part names its company). */
export function answersPerFirm(fake: FakeAiServer) {
  const counts = new Map<string, number>()
  for (const call of fake.answeredCalls) {
    const firm = /Firm \d+/.exec(call.lastUserText)?.[0]
    if (firm) counts.set(firm, (counts.get(firm) ?? 0) + 1)
  }
  return counts
}
