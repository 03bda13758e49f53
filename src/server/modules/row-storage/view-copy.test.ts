import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inlineSql, sqlLiteral } from './view-copy.ts'

describe('the COPY query written with literals', () => {
  it('writes a value holding $1 and a quote as one literal, and leaves the query text alone', () => {
    const value = "it's $1 and $2"
    const text = inlineSql(sql`SELECT ${sql.raw("'$1'")} AS raw FROM t WHERE a = ${value} AND b = ${3} AND c = ${'x'}`)
    expect(text).toBe(`SELECT '$1' AS raw FROM t WHERE a = 'it''s $1 and $2' AND b = 3 AND c = 'x'`)
  })

  it('writes nulls, booleans, negative numbers, backslashes and lists as PostgreSQL reads them', () => {
    expect(sqlLiteral(null)).toBe('NULL')
    expect(sqlLiteral(true)).toBe('TRUE')
    expect(sqlLiteral(-2)).toBe('(-2)')
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'")
    expect(sqlLiteral([1, 'x'])).toBe("ARRAY[1, 'x']")
    expect(() => sqlLiteral({})).toThrow()
    expect(() => sqlLiteral(Number.NaN)).toThrow()
  })
})
