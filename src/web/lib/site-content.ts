import type { SiteContent } from '#common/site-content'
import content from '../../../content/site.json'

/** `content/site.json`, checked against its schema by src/common/site-content.test.ts. */
export const siteContent: SiteContent = content as SiteContent
