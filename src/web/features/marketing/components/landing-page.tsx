import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { usePageMeta } from '#web/lib/page-meta'
import { anchorScrollTop } from '../lib/anchor-scroll'
import { BlogTeaserSection } from './blog-teaser-section'
import { FaqSection } from './faq-section'
import { FeaturesSection } from './features-section'
import { HeroSection } from './hero-section'
import { PricingSection, type StartCheckout } from './pricing-section'
import { ShowcaseSection } from './showcase-section'
import { SolutionSection } from './solution-section'
import { StatsBand } from './stats-band'
import { TestimonialsSection } from './testimonials-section'
import { TypingDemoSection } from './typing-demo-section'

export const LANDING_DESCRIPTION =
  'Rowcraft enriches your lead lists with AI: upload a CSV, add AI columns written as prompts, ask the table questions in plain language, and export the result.'

export function LandingPage({ uploadBox, startCheckout }: { uploadBox?: ReactNode; startCheckout?: StartCheckout }) {
  usePageMeta({ title: 'Rowcraft — AI enrichment for lead lists', description: LANDING_DESCRIPTION })
  useScrollToHash()

  return (
    <>
      <HeroSection uploadBox={uploadBox} />
      <StatsBand />
      <SolutionSection />
      <FeaturesSection />
      <ShowcaseSection />
      <TypingDemoSection />
      <TestimonialsSection />
      <PricingSection startCheckout={startCheckout} />
      <FaqSection />
      <BlogTeaserSection />
    </>
  )
}

/**
 * Header links are `/#features` etc.: scroll on every such navigation, even a repeated one, to
 * 64 px (the header) plus 24 px (pricing) or 40 px below the top (000 §2).
 */
function useScrollToHash() {
  const { hash, key } = useLocation()

  useEffect(() => {
    if (!hash) return
    const id = decodeURIComponent(hash.slice(1))
    const scroll = (behavior: ScrollBehavior) => {
      const target = document.getElementById(id)
      if (!target) return
      const top = anchorScrollTop(id, target.getBoundingClientRect().top, window.scrollY)
      if (Math.abs(top - window.scrollY) > 1) window.scrollTo({ top, behavior })
    }
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    scroll(reduceMotion ? 'auto' : 'smooth')
    // Arriving from another page, lazy parts above the section (the upload box, images) may still
    // change its place while the smooth scroll runs: settle on the section once they are in.
    const settle = window.setTimeout(() => scroll('auto'), 900)
    return () => window.clearTimeout(settle)
  }, [hash, key])
}
