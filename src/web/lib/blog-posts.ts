import { parseBlogPost, sortByNewest } from '#common/blog'

/**
 * Every article in `content/blog`, parsed and newest first. Import this module lazily
 * (`loadBlogPosts` in blog-posts-query.ts): it carries all article text, which the landing
 * page and the dashboard should not download before they show a card.
 */
const files = import.meta.glob<string>('../../../content/blog/*.md', { query: '?raw', import: 'default', eager: true })

export const blogPosts = sortByNewest(
  Object.entries(files).map(([path, raw]) => parseBlogPost(path.slice(path.lastIndexOf('/') + 1, -'.md'.length), raw)),
)
