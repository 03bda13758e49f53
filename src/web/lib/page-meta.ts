import { useEffect } from 'react'

export const SITE_NAME = 'Rowcraft'
const DEFAULT_IMAGE = '/images/product/grid.jpg'

type PageMeta = { title: string; description: string; image?: string; type?: 'website' | 'article' }

function setMeta(attribute: 'name' | 'property', key: string, value: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = value
}

/**
 * Sets the page's title, description and Open Graph / Twitter tags while it is shown. The
 * built index.html carries the landing page's values for clients that run no script.
 */
export function usePageMeta({ title, description, image = DEFAULT_IMAGE, type = 'website' }: PageMeta) {
  useEffect(() => {
    const fullTitle = title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`
    const url = `${window.location.origin}${window.location.pathname}`
    document.title = fullTitle
    setMeta('name', 'description', description)
    setMeta('property', 'og:site_name', SITE_NAME)
    setMeta('property', 'og:title', fullTitle)
    setMeta('property', 'og:description', description)
    setMeta('property', 'og:type', type)
    setMeta('property', 'og:url', url)
    setMeta('property', 'og:image', new URL(image, window.location.origin).href)
    setMeta('name', 'twitter:card', 'summary_large_image')
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (!canonical) {
      canonical = document.createElement('link')
      canonical.rel = 'canonical'
      document.head.append(canonical)
    }
    canonical.href = url
  }, [title, description, image, type])
}
