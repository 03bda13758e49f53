import { MigrateFromClayPage } from '#web/features/marketing/components/migrate-from-clay-page'

export function MigrateFromClayRoute() {
  return <MigrateFromClayPage />
}
