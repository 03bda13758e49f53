import type { ReactNode } from 'react'

/** An honest stand-in for a screen whose feature has not landed yet: a heading and one line. */
export function PagePlaceholder({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children?: ReactNode
}) {
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      {children}
    </div>
  )
}

/** The same for the public pages, centred in the marketing layout. */
export function MarketingPagePlaceholder(props: Parameters<typeof PagePlaceholder>[0]) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 md:py-24">
      <PagePlaceholder {...props} />
    </div>
  )
}
