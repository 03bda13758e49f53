/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock's victim (40P01): the victim's
 * work was rolled back whole, so running it again is safe, and is what PostgreSQL's manual asks of
 * the client. Writers that lock a file and then its AI columns (rows added) can meet the run
 * engine, which locks a column's meters while it pays for cells.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction()
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30))
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const seen = new Set<unknown>()
  for (let current: unknown = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current)
    if ((current as { code?: unknown }).code === '40P01') return true
  }
  return false
}
