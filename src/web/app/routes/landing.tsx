import { LandingPage } from '#web/features/marketing/components/landing-page'
import { LandingUploadBox } from '#web/features/uploads/components/landing-upload-box'

export function LandingRoute() {
  return <LandingPage uploadBox={<LandingUploadBox />} />
}
