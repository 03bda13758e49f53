import { open } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { createInflateRaw } from 'node:zlib'

/** One file inside a zip archive, as its central directory lists it. */
export type ZipEntry = {
  name: string
  method: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

const EOCD = 0x06054b50
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_EOCD = 0x06064b50
const CENTRAL_HEADER = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8
const MAX_COMMENT = 0xffff

export class NotAZipError extends Error {}

/**
 * The central directory of a zip archive (an .xlsx is one), read from the end of the file without
 * unpacking anything. Zip64 sizes and offsets are read from their extra fields.
 */
export async function readZipEntries(path: string): Promise<ZipEntry[]> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    const tailLength = Math.min(size, 22 + MAX_COMMENT + 20)
    const tail = Buffer.alloc(tailLength)
    await file.read(tail, 0, tailLength, size - tailLength)
    let at = tail.length - 22
    while (at >= 0 && tail.readUInt32LE(at) !== EOCD) at -= 1
    if (at < 0) throw new NotAZipError('no end of central directory')
    let count = tail.readUInt16LE(at + 10)
    let directorySize = tail.readUInt32LE(at + 12)
    let directoryOffset = tail.readUInt32LE(at + 16)
    if (at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR) {
      const record = Buffer.alloc(56)
      await file.read(record, 0, 56, Number(tail.readBigUInt64LE(at - 20 + 8)))
      if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new NotAZipError('bad zip64 record')
      count = Number(record.readBigUInt64LE(32))
      directorySize = Number(record.readBigUInt64LE(40))
      directoryOffset = Number(record.readBigUInt64LE(48))
    }
    if (directoryOffset + directorySize > size) throw new NotAZipError('central directory out of bounds')
    const directory = Buffer.alloc(directorySize)
    await file.read(directory, 0, directorySize, directoryOffset)
    return parseCentralDirectory(directory, count)
  } finally {
    await file.close()
  }
}

function parseCentralDirectory(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = []
  let at = 0
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER) throw new NotAZipError('bad central header')
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    }
    applyZip64(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength))
    entries.push(entry)
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** Fields set to 0xFFFFFFFF in the header come, in this order, from the zip64 extra field. */
function applyZip64(entry: ZipEntry, extra: Buffer) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at)
    const length = extra.readUInt16LE(at + 2)
    if (id === 0x0001) {
      let field = at + 4
      const next = () => {
        const value = Number(extra.readBigUInt64LE(field))
        field += 8
        return value
      }
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next()
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next()
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next()
      return
    }
    at += 4 + length
  }
}

/**
 * Unpacks every entry and counts the bytes that come out, stopping as soon as the total passes
 * `limitBytes`: sizes written in the directory can lie, the deflate streams cannot. Answers the
 * total, or null when it passed the limit.
 */
export async function measureUnpackedBytes(path: string, entries: ZipEntry[], limitBytes: number): Promise<number | null> {
  let total = 0
  const file = await open(path, 'r')
  try {
    for (const entry of entries) {
      const header = Buffer.alloc(30)
      await file.read(header, 0, 30, entry.localHeaderOffset)
      if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new NotAZipError('bad local header')
      const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
      if (entry.method === STORED) {
        total += entry.compressedSize
      } else if (entry.method === DEFLATED) {
        const unpacked = await inflatedLength(path, dataStart, limitBytes - total)
        if (unpacked === null) return null
        total += unpacked
      } else {
        throw new NotAZipError(`compression method ${entry.method}`)
      }
      if (total > limitBytes) return null
    }
    return total
  } finally {
    await file.close()
  }
}

/** The length of one deflate stream's output, or null once it passes `budget`. */
function inflatedLength(path: string, start: number, budget: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    let length = 0
    const source = createReadStream(path, { start, highWaterMark: 256 * 1024 })
    const inflate = createInflateRaw()
    const stop = (result: number | null) => {
      source.destroy()
      inflate.destroy()
      resolve(result)
    }
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > budget) stop(null)
    })
    // The deflate stream ends by itself; the bytes after it belong to the next entry.
    inflate.on('end', () => stop(length))
    inflate.on('error', (error) => {
      source.destroy()
      reject(new NotAZipError(error.message))
    })
    source.on('error', reject)
    source.pipe(inflate)
  })
}
