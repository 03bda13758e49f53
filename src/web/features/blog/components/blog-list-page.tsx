import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, SearchIcon, TagIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { articlesFoundLabel, collectTags, isUnfiltered, queryBlogPosts, type BlogSort, type SortDirection } from '#common/blog'
import { BLOG_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { useBlogPosts } from '#web/lib/blog-posts-query'
import { usePageMeta } from '#web/lib/page-meta'
import { cn } from '#web/lib/cn'
import { BlogCard } from './blog-card'

const SORTS: { value: BlogSort; label: string }[] = [
  { value: 'date', label: 'Date' },
  { value: 'title', label: 'Title' },
  { value: 'relevance', label: 'Relevance' },
]

/**
 * The blog list (001 §2): search, sort by date, title or relevance with a direction toggle, a tag
 * panel, 'clear all' and the count; the featured post leads only while nothing is filtered. The
 * query lives in the URL, so a filtered list can be shared and survives the back button.
 */
export function BlogListPage() {
  usePageMeta({
    title: 'Blog',
    description: 'Guides on lead enrichment, data quality, AI columns and clean CRM exports, from the Rowcraft team.',
  })
  const { data: posts, isPending, isError } = useBlogPosts()
  const [params, setParams] = useSearchParams()
  const [isTagPanelOpen, setIsTagPanelOpen] = useState(false)

  const query = {
    search: params.get('q') ?? '',
    tags: params.getAll('tag'),
    sort: (SORTS.some((s) => s.value === params.get('sort')) ? params.get('sort') : 'date') as BlogSort,
    direction: (params.get('dir') === 'asc' ? 'asc' : 'desc') as SortDirection,
  }
  const allTags = useMemo(() => collectTags(posts ?? []), [posts])
  const results = posts ? queryBlogPosts(posts, query) : []
  const featured = isUnfiltered(query) && results[0]?.featured ? results[0] : null
  const rest = featured ? results.slice(1) : results

  function update(change: (next: URLSearchParams) => void) {
    const next = new URLSearchParams(params)
    change(next)
    setParams(next, { replace: true })
  }

  function toggleTag(tag: string) {
    update((next) => {
      const tags = next.getAll('tag')
      next.delete('tag')
      for (const t of tags.includes(tag) ? tags.filter((x) => x !== tag) : [...tags, tag]) next.append('tag', t)
    })
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight">Blog</h1>
        <p className="mt-3 text-pretty text-muted-foreground">
          Practical guides on lead enrichment, data quality and getting clean lists into your CRM.
        </p>
      </header>

      <div className="mt-10 grid gap-3">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              type="search"
              aria-label="Search articles"
              placeholder="Search articles..."
              className="pl-9"
              value={query.search}
              onChange={(event) =>
                update((next) => {
                  if (event.target.value) next.set('q', event.target.value)
                  else next.delete('q')
                })
              }
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Sort by" className="inline-flex rounded-md border p-0.5">
              {SORTS.map((sort) => (
                <Button
                  key={sort.value}
                  size="sm"
                  variant={query.sort === sort.value ? 'secondary' : 'ghost'}
                  aria-pressed={query.sort === sort.value}
                  onClick={() => update((next) => next.set('sort', sort.value))}
                >
                  {sort.label}
                </Button>
              ))}
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => update((next) => next.set('dir', query.direction === 'asc' ? 'desc' : 'asc'))}
            >
              {query.direction === 'asc' ? <ArrowUpNarrowWideIcon aria-hidden="true" /> : <ArrowDownWideNarrowIcon aria-hidden="true" />}
              {query.direction === 'asc' ? 'Ascending' : 'Descending'}
            </Button>
            <Button
              variant={isTagPanelOpen ? 'secondary' : 'outline'}
              size="sm"
              aria-expanded={isTagPanelOpen}
              aria-controls="blog-tag-panel"
              onClick={() => setIsTagPanelOpen((open) => !open)}
            >
              <TagIcon aria-hidden="true" />
              Tags{query.tags.length > 0 ? ` (${query.tags.length})` : ''}
            </Button>
          </div>
        </div>

        {isTagPanelOpen && (
          <div id="blog-tag-panel" role="group" aria-label="Filter by tag" className="flex flex-wrap gap-2 rounded-xl border bg-muted/40 p-4">
            {allTags.map((tag) => {
              const isOn = query.tags.includes(tag)
              return (
                <button
                  key={tag}
                  type="button"
                  aria-pressed={isOn}
                  onClick={() => toggleTag(tag)}
                  className={cn(
                    'rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isOn ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                  )}
                >
                  {tag}
                </button>
              )
            })}
          </div>
        )}

        <div className="flex min-h-8 flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <p role="status" aria-live="polite">
            {posts ? articlesFoundLabel(results.length) : ''}
          </p>
          {!isUnfiltered(query) && (
            <Button variant="link" size="sm" onClick={() => update((next) => ['q', 'tag'].forEach((key) => next.delete(key)))}>
              {BLOG_MESSAGES.clearAll}
            </Button>
          )}
        </div>
      </div>

      {isPending && (
        <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-96 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
      )}
      {isError && <p className="mt-10 text-center text-muted-foreground">{BLOG_MESSAGES.loadFailed}</p>}

      {featured && (
        <div className="mt-6">
          <BlogCard post={featured} isFeatured />
        </div>
      )}
      {posts && rest.length > 0 && (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {rest.map((post) => (
            <li key={post.slug}>
              <BlogCard post={post} />
            </li>
          ))}
        </ul>
      )}
      {posts && results.length === 0 && (
        <p className="mt-10 text-center text-muted-foreground">No article matches. Try other words or fewer tags.</p>
      )}
    </div>
  )
}
