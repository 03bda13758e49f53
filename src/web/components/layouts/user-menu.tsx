import {
  ChevronsUpDownIcon,
  CreditCardIcon,
  KeyRoundIcon,
  LifeBuoyIcon,
  LogOutIcon,
  UserIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu'
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '#web/components/ui/sidebar'
import { useSignOut } from '#web/hooks/use-sign-out'
import { authClient, type SessionUser } from '#web/lib/auth-client'
import { getDisplayName, getInitials } from '#web/lib/user-display'

const MENU_LINKS = [
  { label: 'Profile', to: '/dashboard/profile', icon: UserIcon },
  { label: 'Subscription', to: '/dashboard/subscription', icon: CreditCardIcon },
  { label: 'API Settings', to: '/dashboard/api-settings', icon: KeyRoundIcon },
  { label: 'Help', to: '/help', icon: LifeBuoyIcon },
] as const

export function UserMenu() {
  const { data: session } = authClient.useSession()
  const { isMobile, setOpenMobile } = useSidebar()
  const signOut = useSignOut()
  const user = session?.user
  if (!user) return null

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
              data-testid="user-menu-trigger"
            >
              <UserIdentity user={user} />
              <ChevronsUpDownIcon className="ml-auto size-4" aria-hidden="true" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            side={isMobile ? 'bottom' : 'right'}
            align="end"
            sideOffset={4}
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1 py-1.5 text-left text-sm">
                <UserIdentity user={user} />
              </div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              {MENU_LINKS.map(({ label, to, icon: Icon }) => (
                <DropdownMenuItem key={to} asChild>
                  <Link to={to} onClick={() => setOpenMobile(false)}>
                    <Icon aria-hidden="true" />
                    {label}
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void signOut()}>
              <LogOutIcon aria-hidden="true" />
              Sign Out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  )
}

function UserIdentity({ user }: { user: SessionUser }) {
  return (
    <>
      <Avatar className="size-8 rounded-lg">
        {user.image && <AvatarImage src={user.image} alt="" />}
        <AvatarFallback className="rounded-lg bg-primary/10 text-primary">
          {getInitials(user)}
        </AvatarFallback>
      </Avatar>
      <span className="grid min-w-0 flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{getDisplayName(user)}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </span>
    </>
  )
}
