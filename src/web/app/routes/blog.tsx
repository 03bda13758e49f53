import { BlogListPage } from '#web/features/blog/components/blog-list-page'

export function BlogRoute() {
  return <BlogListPage />
}
