/**
 * The first row that held each value, for hundreds of thousands of values in a few typed arrays
 * (issue 42: the import counts repeats while the rows stream through its worker thread, whose heap
 * is capped at 128 MB; a `Map` of 461,000 e-mail strings per column would not fit beside the
 * batches). A value is kept as a 64-bit hash (two independent 32-bit hashes): two different values
 * of one file share one with a probability of about n² / 2⁶⁵, 6·10⁻⁹ for a million values.
 */
export class FirstSeen {
  private hi: Uint32Array
  private lo: Uint32Array
  /** The first row index + 1; 0 marks an empty slot. */
  private first: Int32Array
  /** 1 once a second row held the slot's value. */
  private twice: Uint8Array
  /** How many rows held the slot's value, when asked (the quality report's duplicate groups; not in the import's worker, whose heap is capped). */
  private held: Int32Array | null
  private mask: number
  /** Distinct values seen. */
  size = 0
  /** Values seen, repeats included. */
  seen = 0
  /** Distinct values seen more than once (a domain that several rows share). */
  shared = 0

  constructor(capacity = 1 << 12, { counts = false }: { counts?: boolean } = {}) {
    const slots = 1 << Math.ceil(Math.log2(Math.max(16, capacity)))
    this.hi = new Uint32Array(slots)
    this.lo = new Uint32Array(slots)
    this.first = new Int32Array(slots)
    this.twice = new Uint8Array(slots)
    this.held = counts ? new Int32Array(slots) : null
    this.mask = slots - 1
  }

  /** Values seen that an earlier one repeats: `count(v) - count(DISTINCT v)`. */
  get repeats(): number {
    return this.seen - this.size
  }

  /** Records a value's hash at `rowIndex` and answers the first row index that had it. */
  firstOf(hi: number, lo: number, rowIndex: number): number {
    this.seen += 1
    let slot = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask
    for (;;) {
      const first = this.first[slot]!
      if (first === 0) {
        this.hi[slot] = hi
        this.lo[slot] = lo
        this.first[slot] = rowIndex + 1
        if (this.held) this.held[slot] = 1
        this.size += 1
        if (this.size * 2 > this.mask) this.grow()
        return rowIndex
      }
      if (this.hi[slot] === hi && this.lo[slot] === lo) {
        if (this.held) this.held[slot] = this.held[slot]! + 1
        if (this.twice[slot] === 0) {
          this.twice[slot] = 1
          this.shared += 1
        }
        return first - 1
      }
      slot = (slot + 1) & this.mask
    }
  }

  /** Each value's hash and how many rows held it. */
  *counts(): Generator<[number, number, number]> {
    const { held } = this
    if (!held) throw new Error('FirstSeen: counts were not asked for')
    for (let i = 0; i < this.first.length; i += 1) if (this.first[i] !== 0) yield [this.hi[i]!, this.lo[i]!, held[i]!]
  }

  private grow(): void {
    const { hi, lo, first, twice, held } = this
    const slots = (this.mask + 1) * 2
    this.hi = new Uint32Array(slots)
    this.lo = new Uint32Array(slots)
    this.first = new Int32Array(slots)
    this.twice = new Uint8Array(slots)
    this.held = held ? new Int32Array(slots) : null
    this.mask = slots - 1
    for (let i = 0; i < first.length; i += 1) {
      if (first[i] === 0) continue
      let slot = (lo[i]! ^ Math.imul(hi[i]!, 0x9e3779b1)) & this.mask
      while (this.first[slot] !== 0) slot = (slot + 1) & this.mask
      this.hi[slot] = hi[i]!
      this.lo[slot] = lo[i]!
      this.first[slot] = first[i]!
      this.twice[slot] = twice[i]!
      if (this.held && held) this.held[slot] = held[i]!
    }
  }
}

/** Two 32-bit hashes of a string's UTF-16 code units (FNV-1a and a murmur-style mix), as [hi, lo]. */
export function hashText(text: string): [number, number] {
  let a = 0x811c9dc5
  let b = 0x1b873593 ^ text.length
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x5bd1e995)
    b ^= b >>> 15
  }
  return [a >>> 0, mix(b) >>> 0]
}

/**
 * Two 32-bit hashes of bytes (a row's stored JSON), four bytes at a time: a byte at a time cost
 * about 1.5 s of the import's worker thread on 100 MB.
 */
export function hashBytes(bytes: Uint8Array, start: number, end: number): [number, number] {
  let a = 0x811c9dc5 ^ (end - start)
  let b = 0x1b873593
  let i = start
  for (; i + 4 <= end; i += 4) {
    const word = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)
    a = Math.imul(a ^ word, 0x01000193)
    a ^= a >>> 15
    b = Math.imul(b ^ Math.imul(word, 0xcc9e2d51), 0x5bd1e995)
    b ^= b >>> 13
  }
  for (; i < end; i += 1) {
    a = Math.imul(a ^ bytes[i]!, 0x01000193)
    b = Math.imul(b ^ bytes[i]!, 0x5bd1e995)
  }
  return [mix(a) >>> 0, mix(b ^ 0x9e3779b9) >>> 0]
}

function mix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}
