import { BlogArticlePage } from '#web/features/blog/components/blog-article-page'

export function BlogArticleRoute() {
  return <BlogArticlePage />
}
