import { MenuIcon } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { BrandLogo } from '#web/components/brand-logo'
import { Button } from '#web/components/ui/button'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#web/components/ui/sheet'
import { authClient } from '#web/lib/auth-client'
import { cn } from '#web/lib/cn'
import { siteContent } from '#web/lib/site-content'

const NAV_LINKS = [
  { label: 'Features', to: '/#features' },
  // Without real testimonials the section says what the product does, and the link says so.
  { label: siteContent.testimonials.items.length > 0 ? 'Testimonials' : siteContent.inPractice.navLabel, to: '/#testimonials' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'Blog', to: '/blog' },
] as const

/** Pages whose header shows no section links (000 §2). */
const PAGES_WITHOUT_NAV = ['/blog', '/privacy', '/terms']

function hidesNav(pathname: string) {
  return PAGES_WITHOUT_NAV.some((page) => pathname === page || pathname.startsWith(`${page}/`))
}

export function MarketingHeader() {
  const { pathname } = useLocation()
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const showNav = !hidesNav(pathname)

  return (
    <header className="sticky top-0 z-40 h-16 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <BrandLogo />
          <span className="sr-only"> home</span>
        </Link>

        {showNav && (
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((link) => (
              <Button key={link.to} variant="ghost" size="sm" asChild>
                <Link to={link.to}>{link.label}</Link>
              </Button>
            ))}
          </nav>
        )}

        <div className={cn('items-center gap-2', showNav ? 'hidden md:flex' : 'flex')}>
          <SignInLink />
          <PrimaryAction />
        </div>

        {showNav && (
          <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden">
                <MenuIcon aria-hidden="true" />
                <span className="sr-only">Open menu</span>
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-80 sm:max-w-80">
              <SheetHeader>
                <SheetTitle>
                  <BrandLogo />
                </SheetTitle>
                <SheetDescription className="sr-only">Site navigation</SheetDescription>
              </SheetHeader>
              <nav aria-label="Mobile" className="grid gap-1 px-4">
                {NAV_LINKS.map((link) => (
                  <Button key={link.to} variant="ghost" className="justify-start" asChild>
                    <Link to={link.to} onClick={() => setIsMenuOpen(false)}>
                      {link.label}
                    </Link>
                  </Button>
                ))}
              </nav>
              <div className="grid gap-2 px-4">
                <PrimaryAction className="w-full" onNavigate={() => setIsMenuOpen(false)} />
                <SignInLink className="w-full" onNavigate={() => setIsMenuOpen(false)} />
              </div>
            </SheetContent>
          </Sheet>
        )}
      </div>
    </header>
  )
}

/** 'Sign in' beside 'Get started' for a returning visitor; hidden once signed in. */
function SignInLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const { data: session, isPending } = authClient.useSession()
  if (session || isPending) return null
  return (
    <Button variant="outline" className={className} asChild>
      <Link to={{ pathname, search: '?mode=signin' }} onClick={onNavigate}>
        Sign in
      </Link>
    </Button>
  )
}

/** 'Get started' opens the sign-up dialog on the current page; signed in, it is 'Dashboard'. */
function PrimaryAction({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const { data: session } = authClient.useSession()

  if (session) {
    return (
      <Button className={className} asChild>
        <Link to="/dashboard" onClick={onNavigate}>
          Dashboard
        </Link>
      </Button>
    )
  }
  return (
    <Button className={className} asChild>
      <Link to={{ pathname, search: '?mode=signup' }} onClick={onNavigate}>
        Get started
      </Link>
    </Button>
  )
}
