import { GlobalSearch } from '#web/features/search/components/global-search'
import { HomeOverview } from '#web/features/uploads/components/home-overview'
import { authClient } from '#web/lib/auth-client'
import { getGreetingName } from '#web/lib/user-display'

export function DashboardHomeRoute() {
  const { data: session } = authClient.useSession()

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">
          Welcome, {getGreetingName(session?.user)}
        </h1>
        <p className="text-muted-foreground">Upload a lead list to start enriching it with AI.</p>
      </div>
      <GlobalSearch />
      <HomeOverview />
    </div>
  )
}
