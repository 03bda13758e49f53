import { describe, expect, it } from 'vitest'
import { parseRecords, sniffDialect } from './sniff-dialect.ts'

describe('sniffDialect', () => {
  it('finds a comma when quoted fields contain semicolons and commas', () => {
    const text = 'name,company,notes\nAnn,"Acme, Inc.","met; call back"\nBob,Globex,"a;b;c"\nCy,"Initech, LLC",x\n'
    expect(sniffDialect(text)).toMatchObject({ delimiter: ',', quoteChar: '"', escapeChar: '"', newline: '\n', singleColumn: false, modalWidth: 3 })
  })

  it('finds a semicolon under decimal commas', () => {
    expect(sniffDialect('Preis;Menge;Summe\n1,5;3;4,5\n2,25;10;22,5\n0,99;1;0,99\n').delimiter).toBe(';')
  })

  it('finds a semicolon even when every value is full of commas', () => {
    expect(sniffDialect('id;value\n1;3,4,5\n2;6,7,8\n3;9,10,11\n4;"15,16,17;also;that"').delimiter).toBe(';')
  })

  it('finds tabs and pipes, with commas inside unquoted names', () => {
    expect(sniffDialect('name\tcity\nDoe, J\tParis\nRoe, K\tLyon\n').delimiter).toBe('\t')
    expect(sniffDialect('C001|MCKENNON, K R|MIDLAND|400\nC002|OREFFICE, P|MIDLAND|1500\nC003|DOWNEY, J|MIDLAND|300\n').delimiter).toBe('|')
  })

  it('reads comma-space as a two-character delimiter so quoted fields after the space still count', () => {
    const text = 'name, company, city\nAnn, "Acme, Inc.", Paris\nBob, "Globex, Ltd", Rome\nCy, Initech, Oslo\n'
    const dialect = sniffDialect(text)
    expect(dialect.delimiter).toBe(', ')
    expect(parseRecords(text, false, dialect)[1]).toEqual(['Ann', 'Acme, Inc.', 'Paris'])
  })

  it('recognises single quotes as the quote character', () => {
    const text = "id,name,notes\n1,'Smith, John','likes tea, coffee'\n2,'Doe, Jane','none'\n3,Bob's,'x, y'\n"
    expect(sniffDialect(text)).toMatchObject({ delimiter: ',', quoteChar: "'" })
  })

  it('prefers single quotes when whole fields are wrapped in them', () => {
    expect(sniffDialect("'Neroductions Group';£ 1,80;£ 9000,50\n'Hatchworks Ltd.';£ 2,00;£ 100000,30")).toMatchObject({
      delimiter: ';',
      quoteChar: "'",
    })
  })

  it('recognises backslash-escaped quotes', () => {
    const text = 'id,name,size\n1,"Boots, 10\\" Shearling",L\n2,"Boxer, 5\\" Inseam",M\n3,"Plain",S\n'
    const dialect = sniffDialect(text)
    expect(dialect.escapeChar).toBe('\\')
    expect(parseRecords(text, false, dialect)[1]).toEqual(['1', 'Boots, 10" Shearling', 'L'])
  })

  it('keeps doubled quotes as the escape when they are used', () => {
    expect(sniffDialect('a,b\n1,"ha ""ha"" ha"\n2,"x\\y"\n').escapeChar).toBe('"')
  })

  it('tells CRLF, LF and CR-only record delimiters apart', () => {
    expect(sniffDialect('a,b\r\n1,2\r\n3,4\r\n').newline).toBe('\r\n')
    expect(sniffDialect('a,b\n1,2\n3,4\n').newline).toBe('\n')
    expect(sniffDialect('a,b\r1,2\r3,4\r').newline).toBe('\r')
  })

  it('keeps CRLF for Excel exports with LF line breaks inside quoted cells', () => {
    expect(sniffDialect('id,notes\r\n1,"line one\nline two"\r\n2,"x"\r\n3,y\r\n').newline).toBe('\r\n')
  })

  it('sees that only CR ends records when unquoted fields contain bare LF', () => {
    const text =
      'ID;Type;Description\r1;Toys;Set for magic\r2;Books;#1 BESTSELLER.\nMeet "Elizabeth" Zott\n(The Post) in 1960s\r3;Toys;Laptop\r'
    expect(sniffDialect(text)).toMatchObject({ delimiter: ';', newline: '\r', modalWidth: 3 })
  })

  it('reads "#" lines as comments when they open the file or are "# notes"', () => {
    expect(sniffDialect('# exported 2024-01-01\n# by CRM\nname,email\nAnn,a@x.io\n').commentChar).toBe('#')
    expect(sniffDialect('#,# Configuration,\nconfig,xhtml=1,\nconfig,dump=0,\n#,# Rules,\nall,body,\n').commentChar).toBe(
      '#',
    )
  })

  it('keeps "#123" order numbers in the first column as data', () => {
    expect(sniffDialect('order,item\n#1001,Boots\n#1002,Hat\n#1003,Scarf\n').commentChar).toBeNull()
  })

  it('does not invent a delimiter for a one-column file', () => {
    const text =
      '"This comma (,) need to be escaped"\nThis CSV has only one column\nWe will see if a semicolon (;) break the logic\nor a single colon (:) or pipe (|)\nAlso include a Tab (\t) for testing'
    expect(sniffDialect(text)).toMatchObject({ delimiter: ',', singleColumn: true, modalWidth: 1 })
  })

  it('handles a single line without a line break', () => {
    expect(sniffDialect('Field1,Field2,"Field;3;3;3"')).toMatchObject({ delimiter: ',', modalWidth: 3 })
  })

  it('ignores a partial last record when the sample was cut from a longer file', () => {
    const text = 'a;b;c\n1;2;3\n4;5;6\n7;"unfinished'
    expect(sniffDialect(text, { truncated: true })).toMatchObject({ delimiter: ';', modalWidth: 3 })
    expect(parseRecords(text, true, { delimiter: ';', quoteChar: '"', escapeChar: '"', newline: '\n' })).toHaveLength(3)
  })

  it('explains its choice', () => {
    expect(sniffDialect('a;b\n1;2\n').reasons[0]).toBe('semicolon splits 100% of the sampled records into 2 fields')
  })
})
