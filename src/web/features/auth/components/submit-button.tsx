import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'

/** Keeps its label while busy (so it stays findable by name) and shows a spinner beside it. */
export function SubmitButton({ isBusy, children }: { isBusy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy}>
      {isBusy && <Spinner aria-hidden="true" role="presentation" />}
      {children}
    </Button>
  )
}
