import { AppShell, SidebarUploadButton } from '#web/components/layouts/app-shell'
import { useSidebar } from '#web/components/ui/sidebar'
import { UploadDialogProvider, useUploadDialog } from '#web/features/uploads/components/upload-dialog-provider'

export function DashboardLayout() {
  return (
    <UploadDialogProvider>
      <AppShell uploadSlot={<SidebarUpload />} />
    </UploadDialogProvider>
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
