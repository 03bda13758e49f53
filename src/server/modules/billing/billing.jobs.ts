import { z } from 'zod'
import { BILLING } from '#common/constants'
import { defineJob } from '#server/platform/queue'
import { logger } from '#server/platform/logger'
import { listSubscribersDueForReset, resetMonthlyCredits } from './credits.service.ts'

/** Resets every active plan whose month is up; a second run finds nobody due (ledger keys). */
export async function runMonthlyCreditReset(now = new Date()) {
  const due = await listSubscribersDueForReset(now)
  let reset = 0
  for (const userId of due) {
    const { applied } = await resetMonthlyCredits({ userId }, now)
    if (applied) reset += 1
  }
  logger.info({ event: 'billing.monthly_reset', due: due.length, reset })
  return { due: due.length, reset }
}

export const monthlyCreditResetJob = defineJob({
  name: 'billing.monthly-credit-reset',
  schema: z.object({}).passthrough(),
  cron: BILLING.monthlyResetCron,
  retryLimit: 2,
  handler: async () => {
    await runMonthlyCreditReset()
  },
})
