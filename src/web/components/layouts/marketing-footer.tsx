import { Link } from 'react-router'
import { BrandLogo } from '#web/components/brand-logo'

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Blog', to: '/blog' },
      { label: 'Rowcraft vs Clay', to: '/compare/rowcraft-vs-clay' },
      { label: 'Migrate from Clay', to: '/compare/migrate-from-clay' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
] as const

export function MarketingFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="grid content-start gap-3">
          <BrandLogo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Open-source AI enrichment for lead lists: upload a CSV, add AI columns, ask your table
            questions, export the result.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title} className="grid content-start gap-2">
              <h2 className="text-sm font-semibold">{column.title}</h2>
              {column.links.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className="w-fit rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {link.label}
                </Link>
              ))}
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Rowcraft. Open source under the MIT licence.
        </p>
      </div>
    </footer>
  )
}
