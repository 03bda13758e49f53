import { cn } from '#web/lib/cn'

/** The rows-and-grid mark; the same drawing as public/favicon.svg. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-7 shrink-0', className)} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <rect x="7" y="8" width="18" height="3" rx="1.5" fill="#fff" />
      <rect x="7" y="14.5" width="7" height="3" rx="1.5" fill="#fff" fillOpacity=".85" />
      <rect x="16" y="14.5" width="9" height="3" rx="1.5" fill="#fff" fillOpacity=".55" />
      <rect x="7" y="21" width="7" height="3" rx="1.5" fill="#fff" fillOpacity=".85" />
      <rect x="16" y="21" width="9" height="3" rx="1.5" fill="#fff" fillOpacity=".55" />
    </svg>
  )
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <BrandMark />
      Rowcraft
    </span>
  )
}
