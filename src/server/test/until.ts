type Read<T> = () => Promise<T> | T
type Falsy = undefined | null | false | 0 | ''
/** A number is the timeout. */
type Patience = number | { timeoutMs?: number; everyMs?: number }

/**
 * The one way tests wait: reads until the value is done (truthy, or `isDone` holds), every 100 ms,
 * and returns it; after the timeout (60 s) it fails naming what it waited for and the last value read.
 *
 *   const link = await until('the verification mail', () => mailTo(email)?.link)
 *   const list = await until('the delivery to succeed', () => listOf(user), (list) => list[0]?.status === 'succeeded')
 */
export function until<T>(what: string, read: Read<T>, patience?: Patience): Promise<Exclude<T, Falsy>>
export function until<T, D extends T>(what: string, read: Read<T>, isDone: (value: T) => value is D, patience?: Patience): Promise<D>
export function until<T>(what: string, read: Read<T>, isDone: (value: T) => boolean, patience?: Patience): Promise<T>
export async function until<T>(what: string, read: Read<T>, isDoneOrPatience?: ((value: T) => boolean) | Patience, patience?: Patience): Promise<T> {
  const isDone = typeof isDoneOrPatience === 'function' ? isDoneOrPatience : Boolean
  const given = typeof isDoneOrPatience === 'function' ? patience : isDoneOrPatience
  const { timeoutMs = 60_000, everyMs = 100 } = typeof given === 'number' ? { timeoutMs: given } : (given ?? {})
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (isDone(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last read: ${String(JSON.stringify(value)).slice(0, 500)}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
