import { ArrowRightIcon } from 'lucide-react'
import { Link } from 'react-router'
import { BLOG } from '#common/constants'
import { BLOG_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { useBlogPosts } from '#web/lib/blog-posts-query'

/** The first three articles with two tags each, and a way to the rest (000 §2, §9). */
export function BlogTeaserSection() {
  const { data: posts } = useBlogPosts()

  return (
    <section className="py-20" aria-labelledby="blog-teaser-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="blog-teaser-heading" className="text-3xl font-bold tracking-tight text-balance">
            Guides on lead data
          </h2>
          <p className="mt-3 text-muted-foreground">Practical writing on enrichment, data quality and clean exports.</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3" aria-busy={!posts}>
          {posts
            ? posts.slice(0, BLOG.teaserArticles).map((post) => (
                <li key={post.slug} className="flex flex-col overflow-hidden rounded-xl border bg-card">
                  <img src={post.image} alt={post.alt} width={1280} height={800} loading="lazy" className="aspect-video w-full border-b object-cover object-left-top" />
                  <div className="flex flex-1 flex-col gap-3 p-5">
                    <div className="flex flex-wrap gap-2">
                      {post.tags.slice(0, BLOG.teaserTagsPerArticle).map((tag) => (
                        <Badge key={tag} variant="secondary">
                          {tag}
                        </Badge>
                      ))}
                    </div>
                    <h3 className="font-semibold text-balance">
                      <Link to={`/blog/${post.slug}`} className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
                        {post.title}
                      </Link>
                    </h3>
                    <p className="flex-1 text-sm text-muted-foreground">{post.excerpt}</p>
                    <p className="text-xs text-muted-foreground">{post.readTime}</p>
                  </div>
                </li>
              ))
            : Array.from({ length: BLOG.teaserArticles }, (_, i) => <li key={i} className="h-96 animate-pulse rounded-xl bg-muted" />)}
        </ul>
        <div className="mt-10 text-center">
          <Button variant="outline" size="lg" asChild>
            <Link to="/blog">
              {BLOG_MESSAGES.viewAll}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
