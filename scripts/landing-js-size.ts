/**
 * The JavaScript a visitor downloads before the landing page can run: the entry script and every
 * module index.html preloads, gzipped (level 9, as `vite build` reports it). Run after a build:
 *   npx vite build && npx tsx scripts/landing-js-size.ts
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const webDir = join(import.meta.dirname, '../dist/web')
const html = readFileSync(join(webDir, 'index.html'), 'utf8')
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)

let total = 0
for (const file of files) {
  const size = gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length
  total += size
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`)
}
console.log(`landing_js_gzip: ${(total / 1024).toFixed(1)} KB (${files.length} files)`)
