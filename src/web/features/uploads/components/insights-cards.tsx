import { ArrowRightIcon, ClockIcon } from 'lucide-react'
import { Link } from 'react-router'
import { BLOG } from '#common/constants'
import { DASHBOARD_STATS_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { useBlogPosts } from '#web/lib/blog-posts-query'

/** 'Latest Insights & Resources': the newest articles of the blog content (001 §2). */
export function InsightsCards() {
  const posts = useBlogPosts()
  if (posts.isError) return null
  if (posts.data?.length === 0) return null
  return (
    <section aria-labelledby="insights-heading" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="insights-heading" className="text-lg font-semibold">
          {DASHBOARD_STATS_MESSAGES.insights}
        </h2>
        <Button asChild variant="link" className="h-auto p-0">
          <Link to="/blog">
            {DASHBOARD_STATS_MESSAGES.viewAllArticles}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {posts.isPending && Array.from({ length: BLOG.dashboardCards }, (_, index) => <Skeleton key={index} className="h-64 rounded-xl" />)}
        {posts.data?.slice(0, BLOG.dashboardCards).map((post) => (
          <Card key={post.slug} className="gap-0 overflow-hidden py-0">
            <img src={post.image} alt={post.alt} loading="lazy" className="aspect-video w-full bg-muted object-cover" />
            <div className="grid flex-1 gap-2 px-4 py-3">
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <ClockIcon className="size-3" aria-hidden="true" />
                {post.readTime}
              </span>
              <h3 className="line-clamp-2 font-medium">{post.title}</h3>
              <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
              <Link to={`/blog/${post.slug}`} className="mt-auto text-sm font-medium text-primary hover:underline">
                {DASHBOARD_STATS_MESSAGES.readArticle}
                <span className="sr-only">: {post.title}</span>
              </Link>
            </div>
          </Card>
        ))}
      </div>
    </section>
  )
}
