import { db } from '#server/db/client'
import { auditLogs, loginHistory } from '#server/db/schema/index'

export async function recordAudit(entry: {
  userId: string | null
  action: string
  tableName: string
  recordId?: string
  details?: unknown
}) {
  await db.insert(auditLogs).values(entry)
}

export async function recordLogin(entry: {
  userId: string
  method: 'email' | 'google'
  ipAddress: string | null
  userAgent: string | null
}) {
  await db.insert(loginHistory).values(entry)
}
