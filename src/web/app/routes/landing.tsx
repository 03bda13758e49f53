import { lazy, Suspense } from 'react'
import { LandingPage } from '#web/features/marketing/components/landing-page'
import { LandingUploadBoxPlaceholder } from '#web/features/uploads/components/landing-upload-box-placeholder'

// The upload flow is app code (validation, live progress, header confirmation): its own chunk.
const LandingUploadBox = lazy(async () => ({
  default: (await import('#web/features/uploads/components/landing-upload-box')).LandingUploadBox,
}))

/** Billing's checkout loads only when a signed-in visitor presses the pricing button. */
async function startCheckout() {
  const { createCheckout } = await import('#web/features/billing/api/create-checkout')
  return createCheckout()
}

export function LandingRoute() {
  return (
    <LandingPage
      uploadBox={
        <Suspense fallback={<LandingUploadBoxPlaceholder />}>
          <LandingUploadBox />
        </Suspense>
      }
      startCheckout={startCheckout}
    />
  )
}
