import { AppShell, SidebarUploadButton } from '#web/components/layouts/app-shell'
import { useSidebar } from '#web/components/ui/sidebar'
import { AccessGate } from '#web/features/billing/components/access-gate'
import { CreditBadge } from '#web/features/billing/components/credit-badge'
import { PaymentBanners } from '#web/features/billing/components/payment-banners'
import { GlobalSearchShortcut } from '#web/features/search/hooks/use-search-shortcut'
import { UploadDialogProvider, useUploadDialog } from '#web/features/uploads/components/upload-dialog-provider'

export function DashboardLayout() {
  return (
    <AccessGate>
      <UploadDialogProvider>
        <GlobalSearchShortcut />
        <AppShell uploadSlot={<SidebarUpload />} topBarSlot={<CreditBadge />} bannerSlot={<PaymentBanners />} />
      </UploadDialogProvider>
    </AccessGate>
  )
}

function SidebarUpload() {
  const { openUploadDialog } = useUploadDialog()
  const { setOpenMobile } = useSidebar()

  return (
    <SidebarUploadButton
      onClick={() => {
        setOpenMobile(false)
        openUploadDialog()
      }}
    />
  )
}
