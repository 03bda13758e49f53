import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The module boundaries of ARCHITECTURE's Layout, as `npm run lint` enforces them: each case is
 * linted as if it were a file at `filePath` in the project.
 */
const eslint = new ESLint()

async function problemsOf(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

describe('module boundaries', () => {
  it('refuses a feature importing another feature, by alias or by relative path', async () => {
    const byAlias = await problemsOf(
      'src/web/features/uploads/components/example.tsx',
      "import { useSubscription } from '#web/features/billing/api/get-subscription'\nexport const x = useSubscription\n",
    )
    expect(byAlias).toEqual([expect.stringContaining("boundaries/feature-isolation: The 'uploads' feature imports the 'billing' feature")])
    const byPath = await problemsOf(
      'src/web/features/uploads/components/storage/example.tsx',
      "import { useSubscription } from '../../../billing/api/get-subscription'\nexport const x = useSubscription\n",
    )
    expect(byPath).toEqual([expect.stringContaining("The 'uploads' feature imports the 'billing' feature")])
  })

  it("allows a feature's own files and the shared web code", async () => {
    const problems = await problemsOf(
      'src/web/features/uploads/components/example.tsx',
      "import { useUpload } from '../api/get-upload'\nimport { Button } from '#web/components/ui/button'\nexport const x = [useUpload, Button]\n",
    )
    expect(problems).toEqual([])
  })

  it('lets route files compose features', async () => {
    const problems = await problemsOf(
      'src/web/app/routes/dashboard/example.tsx',
      "import { useUpload } from '#web/features/uploads/api/get-upload'\nimport { useSubscription } from '#web/features/billing/api/get-subscription'\nexport const x = [useUpload, useSubscription]\n",
    )
    expect(problems).toEqual([])
  })

  it('lets the web import the server only as a type', async () => {
    const value = await problemsOf('src/web/lib/example.ts', "import { env } from '#server/env'\nexport const x = env\n")
    expect(value).toEqual([expect.stringContaining('The web imports the server only as a type.')])
    const type = await problemsOf('src/web/lib/example.ts', "import type { AppType } from '#server/app'\nexport type X = AppType\n")
    expect(type).toEqual([])
  })

  it('keeps common free of server and web code', async () => {
    const problems = await problemsOf(
      'src/common/example.ts',
      "import { env } from '#server/env'\nimport { cn } from '#web/lib/cn'\nexport const x = [env, cn]\n",
    )
    expect(problems).toHaveLength(2)
    expect(problems.every((problem) => problem.includes('common imports neither side.'))).toBe(true)
  })

  it('keeps platform free of module code', async () => {
    const problems = await problemsOf(
      'src/server/platform/example.ts',
      "import { auth } from '#server/modules/auth/auth'\nimport { listUploads } from '../modules/uploads/uploads.service.ts'\nexport const x = [auth, listUploads]\n",
    )
    expect(problems).toHaveLength(2)
    expect(problems.every((problem) => problem.includes('platform imports no module.'))).toBe(true)
  })
})
