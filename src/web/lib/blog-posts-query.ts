import { queryOptions, useQuery } from '@tanstack/react-query'

/**
 * The blog's articles for any screen (landing teaser, blog, dashboard cards). They are static
 * content bundled with the app; the query only loads their chunk once, on first use.
 */
export const blogPostsQueryOptions = queryOptions({
  queryKey: ['blog-posts'],
  queryFn: async () => (await import('./blog-posts.ts')).blogPosts,
  staleTime: Infinity,
  gcTime: Infinity,
})

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions)
}
