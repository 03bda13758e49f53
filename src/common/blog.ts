import { BLOG } from './constants.ts'

/**
 * Blog articles (001 §3 "Blog post") live as Markdown files in `content/blog/<slug>.md`: a front
 * matter block, then `## Section` and `### Subsection` headings over plain paragraphs. This module
 * parses them and holds the list rules (search, tags, sort); the web and the server each read the
 * files their own way and hand the text here.
 */

export type BlogSubSection = { heading: string; paragraphs: string[] }
export type BlogSection = { heading: string; paragraphs: string[]; subSections?: BlogSubSection[] }

export type BlogPost = {
  id: string
  slug: string
  title: string
  excerpt: string
  author: string
  /** ISO date, `YYYY-MM-DD`. */
  date: string
  wordCount: number
  readMinutes: number
  /** '5 min read': words / 200 (001 §9), at least one minute. */
  readTime: string
  image: string
  alt: string
  tags: string[]
  featured: boolean
  sections: BlogSection[]
}

export type BlogSort = 'date' | 'title' | 'relevance'
export type SortDirection = 'asc' | 'desc'

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const REQUIRED_FIELDS = ['title', 'excerpt', 'author', 'date', 'image', 'alt', 'tags'] as const

/** A value may be wrapped in double quotes, for titles that hold a colon. */
function unquote(value: string) {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
}

export function readingMinutes(wordCount: number) {
  return Math.max(1, Math.round(wordCount / BLOG.wordsPerMinute))
}

function countWords(text: string) {
  return text.split(/\s+/).filter(Boolean).length
}

/** Reads one article file. A malformed file throws a message naming the file and the problem. */
export function parseBlogPost(slug: string, raw: string): BlogPost {
  const fail = (problem: string): never => {
    throw new Error(`content/blog/${slug}.md: ${problem}`)
  }
  if (!SLUG_PATTERN.test(slug)) fail('the file name must be a lower-case slug like "my-article"')

  const text = raw.replace(/\r\n?/g, '\n')
  const match = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/)
  if (!match) return fail('it must start with a front matter block between two "---" lines')
  const [, frontMatter = '', body = ''] = match

  const fields = new Map<string, string>()
  for (const line of frontMatter.split('\n')) {
    if (!line.trim()) continue
    const colon = line.indexOf(':')
    if (colon < 1) fail(`front matter line "${line}" is not "name: value"`)
    fields.set(line.slice(0, colon).trim(), unquote(line.slice(colon + 1).trim()))
  }
  for (const name of REQUIRED_FIELDS) {
    if (!fields.get(name)) fail(`front matter needs "${name}"`)
  }
  const date = fields.get('date')!
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
    fail(`date "${date}" must be written as YYYY-MM-DD`)
  }

  const sections = parseSections(body, fail)
  if (sections.length === 0) fail('the article needs at least one "## " section')

  const title = fields.get('title')!
  const wordCount =
    countWords(title) +
    sections.reduce(
      (sum, section) =>
        sum +
        countWords(section.heading) +
        countWords(section.paragraphs.join(' ')) +
        (section.subSections ?? []).reduce(
          (inner, sub) => inner + countWords(sub.heading) + countWords(sub.paragraphs.join(' ')),
          0,
        ),
      0,
    )
  const readMinutes = readingMinutes(wordCount)

  return {
    id: slug,
    slug,
    title,
    excerpt: fields.get('excerpt')!,
    author: fields.get('author')!,
    date,
    wordCount,
    readMinutes,
    readTime: `${readMinutes} min read`,
    image: fields.get('image')!,
    alt: fields.get('alt')!,
    tags: fields
      .get('tags')!
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    featured: fields.get('featured') === 'true',
    sections,
  }
}

function parseSections(body: string, fail: (problem: string) => never): BlogSection[] {
  const sections: BlogSection[] = []
  const blocks = body
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)

  for (const block of blocks) {
    if (block.startsWith('### ')) {
      const section = sections.at(-1)
      if (!section) fail(`subsection "${block}" comes before any "## " section`)
      section!.subSections = [...(section!.subSections ?? []), { heading: block.slice(4).trim(), paragraphs: [] }]
    } else if (block.startsWith('## ')) {
      sections.push({ heading: block.slice(3).trim(), paragraphs: [] })
    } else {
      const section = sections.at(-1)
      if (!section) fail('text comes before the first "## " section')
      const paragraph = block.replace(/\n/g, ' ')
      const sub = section!.subSections?.at(-1)
      if (sub) sub.paragraphs.push(paragraph)
      else section!.paragraphs.push(paragraph)
    }
  }
  return sections
}

/** Newest first; the order the list, the teaser and the dashboard cards start from. */
export function sortByNewest(posts: readonly BlogPost[]) {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title))
}

export function collectTags(posts: readonly BlogPost[]) {
  return [...new Set(posts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b))
}

/**
 * How well a post answers a search: each query word found in the title counts most, then tags,
 * then the excerpt, then the body. Zero means a word is missing everywhere, and the post is out.
 */
export function relevanceScore(post: BlogPost, query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return 0
  const title = post.title.toLowerCase()
  const tags = post.tags.join(' ').toLowerCase()
  const excerpt = post.excerpt.toLowerCase()
  const body = post.sections
    .flatMap((s) => [s.heading, ...s.paragraphs, ...(s.subSections ?? []).flatMap((sub) => [sub.heading, ...sub.paragraphs])])
    .join(' ')
    .toLowerCase()

  let score = 0
  for (const word of words) {
    const wordScore =
      (title.includes(word) ? 8 : 0) + (tags.includes(word) ? 4 : 0) + (excerpt.includes(word) ? 2 : 0) + (body.includes(word) ? 1 : 0)
    if (wordScore === 0) return 0
    score += wordScore
  }
  return score
}

export type BlogListQuery = {
  search: string
  tags: readonly string[]
  sort: BlogSort
  direction: SortDirection
}

/**
 * The blog list's rules (001 §2): a post must match the search and carry every selected tag.
 * Relevance without a search falls back to date. 'desc' is newest, Z-A or best match first.
 */
export function queryBlogPosts(posts: readonly BlogPost[], query: BlogListQuery): BlogPost[] {
  const search = query.search.trim()
  const scored = posts
    .map((post) => ({ post, score: search ? relevanceScore(post, search) : 0 }))
    .filter(({ post, score }) => (!search || score > 0) && query.tags.every((tag) => post.tags.includes(tag)))

  const sort: BlogSort = query.sort === 'relevance' && !search ? 'date' : query.sort
  const sign = query.direction === 'asc' ? 1 : -1
  scored.sort((a, b) => {
    const primary =
      sort === 'title'
        ? a.post.title.localeCompare(b.post.title)
        : sort === 'relevance'
          ? a.score - b.score
          : a.post.date.localeCompare(b.post.date)
    return sign * primary || b.post.date.localeCompare(a.post.date)
  })
  return scored.map(({ post }) => post)
}

export function isUnfiltered(query: BlogListQuery) {
  return query.search.trim() === '' && query.tags.length === 0
}

export function articlesFoundLabel(count: number) {
  return `${count} article(s) found`
}
