// The second half of `npm run build:server`, after `tsc -p tsconfig.server.json` wrote
// dist-server/: what the compiled server reads at run time besides its code.
import { cpSync, writeFileSync } from 'node:fs'

const out = new URL('../dist-server/', import.meta.url)

// The SQL migrations, applied at start, beside the compiled database client.
cpSync(new URL('../src/server/db/migrations/', import.meta.url), new URL('server/db/migrations/', out), { recursive: true })

// Node resolves `#server/*` and `#common/*` by the nearest package.json: this one points them at
// the compiled files, so the built server runs with a plain `node` (the root one points at the
// TypeScript sources that tests and `npm run dev` run).
const manifest = {
  type: 'module',
  private: true,
  imports: { '#common/*': './common/*.js', '#server/*': './server/*.js' },
}
writeFileSync(new URL('package.json', out), `${JSON.stringify(manifest, null, 2)}\n`)
