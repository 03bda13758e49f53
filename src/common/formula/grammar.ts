import * as ohm from 'ohm-js'

/**
 * The formula grammar. Operators bind as in spreadsheets: comparisons loosest, then `&`, then
 * `+ -`, then `* /`, then a leading minus. Function names and TRUE/FALSE in any case; text in
 * double or single quotes (a backslash escapes the next character); columns in braces.
 */
export const formulaGrammar = ohm.grammar(String.raw`
Formula {
  Formula = Expr end
  Expr = Comparison
  Comparison = Comparison compareOp Concat  -- binary
             | Concat
  Concat = Concat "&" Sum  -- binary
         | Sum
  Sum = Sum sumOp Product  -- binary
      | Product
  Product = Product productOp Unary  -- binary
          | Unary
  Unary = "-" Unary  -- minus
        | Primary
  Primary = "(" Expr ")"  -- paren
          | name "(" ListOf<Expr, ","> ")"  -- call
          | column
          | number
          | text
          | name  -- bare

  compareOp = "<=" | ">=" | "<>" | "!=" | "=" | "<" | ">"
  sumOp = "+" | "-"
  productOp = "*" | "/"
  column = "{" columnChar* "}"
  columnChar = ~"}" any
  number = digit+ ("." digit+)?  -- whole
         | "." digit+  -- fraction
  text = "\"" doubleQuoted* "\""  -- double
       | "'" singleQuoted* "'"  -- single
  doubleQuoted = "\\" any  -- escaped
               | ~"\"" any  -- plain
  singleQuoted = "\\" any  -- escaped
               | ~"'" any  -- plain
  name = letter (alnum | "_")*
}
`)
