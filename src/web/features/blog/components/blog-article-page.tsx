import { ArrowLeftIcon } from 'lucide-react'
import { Fragment, useEffect } from 'react'
import { Link, useParams } from 'react-router'
import type { BlogPost } from '#common/blog'
import { BLOG_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { useBlogPosts } from '#web/lib/blog-posts-query'
import { usePageMeta } from '#web/lib/page-meta'
import { formatArticleDate } from '../lib/format-article-date'

function BackLink() {
  return (
    <Button variant="ghost" size="sm" className="-ml-3" asChild>
      <Link to="/blog">
        <ArrowLeftIcon aria-hidden="true" />
        Back to Blog
      </Link>
    </Button>
  )
}

/** One article (001 §2): sections and subsections, a back link, and its not-found and error states. */
export function BlogArticlePage() {
  const { slug } = useParams()
  const { data: posts, isPending, isError, error } = useBlogPosts()
  const post = posts?.find((p) => p.slug === slug)

  useEffect(() => {
    if (!slug) console.error('No article slug provided')
    else if (isError) console.error('Failed to load article', error)
    else if (posts && !post) console.warn(`${BLOG_MESSAGES.notFound}: ${slug}`)
  }, [slug, isError, error, posts, post])

  usePageMeta({
    title: post?.title ?? (isError ? BLOG_MESSAGES.loadFailed : posts ? BLOG_MESSAGES.notFound : 'Blog'),
    description: post?.excerpt ?? 'An article from the Rowcraft blog.',
    image: post?.image,
    type: post ? 'article' : 'website',
  })

  if (isPending) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-12 sm:px-6" aria-busy="true">
        <div className="h-8 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-64 animate-pulse rounded-xl bg-muted" />
      </div>
    )
  }
  if (isError || !post) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{isError ? BLOG_MESSAGES.loadFailed : BLOG_MESSAGES.notFound}</h1>
        <p className="text-muted-foreground">
          {isError ? 'Please reload the page to try again.' : 'The article you are looking for does not exist or has moved.'}
        </p>
        <BackLink />
      </div>
    )
  }
  return <Article post={post} />
}

function Article({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <BackLink />
      <header className="mt-6">
        <div className="flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <Badge key={tag} variant="secondary">
              {tag}
            </Badge>
          ))}
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance md:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{post.excerpt}</p>
        <p className="mt-4 text-sm text-muted-foreground">
          {post.author} · <time dateTime={post.date}>{formatArticleDate(post.date)}</time> · {post.readTime}
        </p>
      </header>
      <img src={post.image} alt={post.alt} width={1280} height={800} className="mt-8 w-full rounded-xl border" />
      <div className="mt-10 grid gap-10">
        {post.sections.map((section) => (
          <section key={section.heading} className="grid gap-4">
            <h2 className="text-2xl font-semibold tracking-tight">{section.heading}</h2>
            {section.paragraphs.map((paragraph, index) => (
              <p key={index} className="leading-7 text-pretty">
                {paragraph}
              </p>
            ))}
            {section.subSections?.map((sub) => (
              <Fragment key={sub.heading}>
                <h3 className="mt-2 text-lg font-semibold">{sub.heading}</h3>
                {sub.paragraphs.map((paragraph, index) => (
                  <p key={index} className="leading-7 text-pretty">
                    {paragraph}
                  </p>
                ))}
              </Fragment>
            ))}
          </section>
        ))}
      </div>
      <div className="mt-12 border-t pt-6">
        <BackLink />
      </div>
    </article>
  )
}
