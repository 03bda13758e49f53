import { ProfilePage } from '#web/features/profile/components/profile-page'

export function ProfileRoute() {
  return <ProfilePage />
}
