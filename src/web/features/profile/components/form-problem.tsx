/** What went wrong with a profile form, said under it and announced. */
export function FormProblem({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p role="alert" className="text-sm text-destructive">
      {text}
    </p>
  )
}
