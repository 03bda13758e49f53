import { AppShell, SidebarUploadButton } from '#web/components/layouts/app-shell'
import { announceUploadComingSoon } from './upload-coming-soon'

export function DashboardLayout() {
  return <AppShell uploadSlot={<SidebarUploadButton onClick={announceUploadComingSoon} />} />
}
