import { purgeColumnValuesJob, refreshPastDayFormulasJob } from '#server/modules/columns/columns.jobs'
import { monthlyCreditResetJob } from '#server/modules/billing/billing.jobs'
import { securityMonitorJob } from '#server/modules/security/security.jobs'
import { dropOrphanRowTablesJob, importUploadJob } from '#server/modules/uploads/uploads.jobs'
import { recoverRunsJob, runFieldJob } from '#server/modules/enrichment/enrichment.jobs'
import { deliverWebhookJob } from '#server/modules/webhooks/webhooks.jobs'
import { refreshDuplicateLabelsJob } from '#server/modules/uploads/duplicate-labels.jobs'
import type { AnyJobDefinition } from '#server/platform/queue'

/** Every queue job of every module; workers register them all. */
export const allJobs: AnyJobDefinition[] = [
  importUploadJob,
  purgeColumnValuesJob,
  refreshPastDayFormulasJob,
  monthlyCreditResetJob,
  securityMonitorJob,
  dropOrphanRowTablesJob,
  runFieldJob,
  recoverRunsJob,
  deliverWebhookJob,
  refreshDuplicateLabelsJob,
]
