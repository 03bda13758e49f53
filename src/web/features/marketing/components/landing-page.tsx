import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { FeaturesSection } from './features-section'
import { HeroSection } from './hero-section'
import { PricingSection } from './pricing-section'
import { UseCasesSection } from './use-cases-section'

export function LandingPage({ uploadBox }: { uploadBox?: ReactNode }) {
  useScrollToHash()

  return (
    <>
      <HeroSection uploadBox={uploadBox} />
      <FeaturesSection />
      <UseCasesSection />
      <PricingSection />
    </>
  )
}

/** Header links are `/#features` etc.; scroll on every such navigation, even a repeated one. */
function useScrollToHash() {
  const { hash, key } = useLocation()

  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }, [hash, key])
}
