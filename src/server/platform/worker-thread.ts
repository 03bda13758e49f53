import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Starts a worker thread on a module beside the caller (`entry` without its extension). Compiled
 * (production), the thread loads the built `.js` file as is. Run from TypeScript (tests, `npm run
 * dev`), a worker's entry file is loaded before `--import` hooks apply, so a tiny bootstrap
 * registers tsx in the thread, then imports the `.ts` file.
 */
export function startWorkerThread(callerUrl: string, entry: string, options: Omit<WorkerOptions, 'eval'>): Worker {
  if (callerUrl.endsWith('.js')) return new Worker(new URL(`${entry}.js`, callerUrl), options)
  const url = new URL(`${entry}.ts`, callerUrl).href
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}) })`
  return new Worker(bootstrap, { ...options, eval: true })
}
