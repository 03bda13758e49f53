import { Link } from 'react-router'
import type { BlogPost } from '#common/blog'
import { Badge } from '#web/components/ui/badge'
import { cn } from '#web/lib/cn'
import { formatArticleDate } from '../lib/format-article-date'

export function BlogCard({ post, isFeatured = false }: { post: BlogPost; isFeatured?: boolean }) {
  return (
    <article
      data-testid={isFeatured ? 'featured-article' : 'article-card'}
      className={cn('relative flex h-full flex-col overflow-hidden rounded-xl border bg-card', isFeatured && 'md:grid md:grid-cols-2')}
    >
      <img
        src={post.image}
        alt={post.alt}
        width={1280}
        height={800}
        loading={isFeatured ? 'eager' : 'lazy'}
        className={cn('aspect-video w-full border-b object-cover object-left-top', isFeatured && 'md:h-full md:border-r md:border-b-0')}
      />
      <div className={cn('flex flex-1 flex-col gap-3 p-5', isFeatured && 'md:p-8')}>
        <div className="flex flex-wrap gap-2">
          {isFeatured && <Badge>Featured</Badge>}
          {post.tags.map((tag) => (
            <Badge key={tag} variant="secondary">
              {tag}
            </Badge>
          ))}
        </div>
        <h2 className={cn('font-semibold text-balance', isFeatured ? 'text-2xl md:text-3xl' : 'text-lg')}>
          <Link
            to={`/blog/${post.slug}`}
            className="rounded-sm outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {post.title}
          </Link>
        </h2>
        <p className="flex-1 text-sm text-pretty text-muted-foreground">{post.excerpt}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={post.date}>{formatArticleDate(post.date)}</time> · {post.readTime} · {post.author}
        </p>
      </div>
    </article>
  )
}
