import {
  CreditCardIcon,
  FolderOpenIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  SparklesIcon,
  UploadIcon,
} from 'lucide-react'
import { useEffect, type ComponentProps, type ReactNode } from 'react'
import { Link, Outlet, useLocation, useMatches } from 'react-router'
import { SIDEBAR } from '#common/constants'
import { DASHBOARD_MESSAGES } from '#common/messages'
import { BrandMark } from '#web/components/brand-logo'
import { Separator } from '#web/components/ui/separator'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarRail,
  SidebarTrigger,
  useSidebar,
} from '#web/components/ui/sidebar'
import { UserMenu } from './user-menu'

const NAV_ITEMS = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboardIcon, isExact: true },
  { label: 'File Storage', to: '/dashboard/files', icon: FolderOpenIcon },
  { label: 'AI Fields', to: '/dashboard/ai-fields', icon: SparklesIcon },
  { label: 'Subscription', to: '/dashboard/subscription', icon: CreditCardIcon },
  { label: 'API Settings', to: '/dashboard/api-settings', icon: KeyRoundIcon },
  { label: 'Help', to: '/help', icon: LifeBuoyIcon },
] as const

/** The document title of index.html, restored when the app area is left. */
const SITE_TITLE = 'Rowcraft — AI enrichment for lead lists'

/** Route modules put `handle: { title }` on their route; the top bar shows the deepest one. */
export type ShellRouteHandle = { title?: string }

function isShellRouteHandle(handle: unknown): handle is ShellRouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle
}

function readSidebarCookie() {
  const entry = document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${SIDEBAR.cookieName}=`))
  return entry?.split('=')[1] !== 'false'
}

type AppShellProps = {
  /** The upload action in the sidebar header; the upload feature plugs its dialog in here. */
  uploadSlot?: ReactNode
  /** The right end of the top bar (the billing feature's credit badge). */
  topBarSlot?: ReactNode
  /** Above every page (the billing feature's 'Payment Failed' banner). */
  bannerSlot?: ReactNode
}

export function AppShell({ uploadSlot, topBarSlot, bannerSlot }: AppShellProps) {
  const title = usePageTitle()

  return (
    <SidebarProvider defaultOpen={readSidebarCookie()}>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" asChild>
                <Link to="/dashboard">
                  <span className="flex size-8 shrink-0 items-center justify-center">
                    <BrandMark className="size-8" />
                  </span>
                  <span className="text-base font-semibold tracking-tight">Rowcraft</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
            {uploadSlot && <SidebarMenuItem className="mt-2">{uploadSlot}</SidebarMenuItem>}
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupContent>
              <MainNav />
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <UserMenu />
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      <SidebarInset className="min-w-0">
        <div className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
          <p className="min-w-0 flex-1 truncate text-sm font-medium">{title}</p>
          {topBarSlot}
        </div>
        <div className="min-w-0 flex-1 p-4 md:p-6">
          {bannerSlot && <div className="mx-auto mb-4 w-full max-w-5xl empty:hidden">{bannerSlot}</div>}
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  )
}

/** The sidebar's primary action: a button labelled 'Upload CSV File' (an icon in the rail). */
export function SidebarUploadButton(props: ComponentProps<typeof SidebarMenuButton>) {
  return (
    <SidebarMenuButton
      tooltip={DASHBOARD_MESSAGES.uploadButton}
      className="bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground active:bg-primary/90 active:text-primary-foreground"
      {...props}
    >
      <UploadIcon aria-hidden="true" />
      <span>{DASHBOARD_MESSAGES.uploadButton}</span>
    </SidebarMenuButton>
  )
}

function MainNav() {
  const { pathname } = useLocation()
  const { setOpenMobile } = useSidebar()

  return (
    <nav aria-label="Dashboard">
      <SidebarMenu>
        {NAV_ITEMS.map((item) => {
          const isActive =
            pathname === item.to || (!('isExact' in item) && pathname.startsWith(`${item.to}/`))
          return (
            <SidebarMenuItem key={item.to}>
              <SidebarMenuButton asChild isActive={isActive} tooltip={item.label}>
                <Link
                  to={item.to}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={() => setOpenMobile(false)}
                >
                  <item.icon aria-hidden="true" />
                  <span>{item.label}</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          )
        })}
      </SidebarMenu>
    </nav>
  )
}

function usePageTitle() {
  const matches = useMatches()
  const title = matches
    .map((match) => (isShellRouteHandle(match.handle) ? match.handle.title : undefined))
    .filter(Boolean)
    .at(-1)

  useEffect(() => {
    document.title = title ? `${title} · Rowcraft` : 'Rowcraft'
    return () => {
      document.title = SITE_TITLE
    }
  }, [title])

  return title ?? ''
}
