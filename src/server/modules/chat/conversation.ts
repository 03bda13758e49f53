import { and, asc, eq } from 'drizzle-orm'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatMessage, ChatResult, ChatThread } from '#common/schemas/chat'
import { db } from '#server/db/client'
import { chatMessages, chatThreads } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'

/** The conversation of Magic Chat: one thread per user and file, its messages and the answers stored in them. */

type MessageRow = typeof chatMessages.$inferSelect

/** Row indexes kept in a stored answer; the plan reproduces all of them. */
const STORED_ROW_IDS = 1000

export function toMessage(row: MessageRow): ChatMessage {
  const result = (row.result as ChatResult | null) ?? null
  return {
    id: row.id,
    type: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    result,
    isError: row.role === 'ai' && result === null,
  }
}

async function threadOf(userId: string, uploadId: string): Promise<string> {
  const [existing] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, uploadId)))
  if (existing) return existing.id
  await db.insert(chatThreads).values({ userId, uploadId }).onConflictDoNothing()
  const [created] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, uploadId)))
  return created!.id
}

/**
 * The conversation a new question joins: its thread (made on the first question) and the last
 * answer that holds a plan, which a follow-up builds on.
 */
export async function openConversation(userId: string, uploadId: string): Promise<{ threadId: string; previous: ChatResult | null }> {
  const threadId = await threadOf(userId, uploadId)
  return { threadId, previous: lastPlannedAnswer(await messagesOf(threadId)) }
}

function lastPlannedAnswer(messages: ChatMessage[]): ChatResult | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const result = messages[i]!.result
    if (messages[i]!.type === 'ai' && result?.plan && result.result_type !== 'judgment_proposal') return result
  }
  return null
}

export async function addMessage(threadId: string, role: 'user' | 'ai', content: string, result: ChatResult | null): Promise<ChatMessage> {
  const [row] = await db.insert(chatMessages).values({ threadId, role, content, result: result ? storedResult(result) : null }).returning()
  await db.update(chatThreads).set({ updatedAt: new Date() }).where(eq(chatThreads.id, threadId))
  return { ...toMessage(row!), result }
}

function storedResult(result: ChatResult): ChatResult {
  const ids = result.data.all_matching_row_ids
  return ids.length <= STORED_ROW_IDS ? result : { ...result, data: { ...result.data, all_matching_row_ids: ids.slice(0, STORED_ROW_IDS) } }
}

export async function getChat({ userId, uploadId }: { userId: string; uploadId: string }): Promise<ChatThread> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [thread] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, upload.id)))
  return { messages: thread ? await messagesOf(thread.id) : [] }
}

async function messagesOf(threadId: string): Promise<ChatMessage[]> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(asc(chatMessages.createdAt))
  return rows.map(toMessage)
}

export async function clearChat({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await db.delete(chatThreads).where(and(eq(chatThreads.userId, userId), eq(chatThreads.uploadId, upload.id)))
  return { cleared: true }
}

export async function getAnswerOrThrow(userId: string, uploadId: string, messageId: string) {
  const [row] = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(and(eq(chatMessages.id, messageId), eq(chatThreads.userId, userId), eq(chatThreads.uploadId, uploadId)))
  if (!row || row.message.role !== 'ai' || !row.message.result) throw new AppError('NOT_FOUND', CHAT_MESSAGES.answerNotFound)
  return { row: row.message, result: row.message.result as ChatResult }
}

export async function saveResult(messageId: string, content: string, result: ChatResult): Promise<ChatMessage> {
  const [row] = await db.update(chatMessages).set({ content, result: storedResult(result) }).where(eq(chatMessages.id, messageId)).returning()
  return { ...toMessage(row!), result }
}
