/** Reads until `isDone` holds (every 100 ms), or fails with the last value read after `timeoutMs`. */
export async function until<T>(read: () => Promise<T> | T, isDone: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (isDone(value)) return value
    if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
