import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  articlesFoundLabel,
  collectTags,
  parseBlogPost,
  queryBlogPosts,
  readingMinutes,
  type BlogPost,
} from './blog.ts'

const contentDir = join(import.meta.dirname, '../../content/blog')

function readAllPosts(): BlogPost[] {
  return readdirSync(contentDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parseBlogPost(file.replace(/\.md$/, ''), readFileSync(join(contentDir, file), 'utf8')))
}

const article = (body: string, extra = '') => `---
title: "Scores: a guide"
excerpt: Short.
author: Rowcraft team
date: 2026-01-02
image: /images/x.png
alt: A picture
tags: Data quality, CSV
${extra}---

${body}`

describe('parseBlogPost', () => {
  it('reads front matter, sections and subsections', () => {
    const post = parseBlogPost(
      'scores',
      article('## One\n\nFirst paragraph\ncontinues here.\n\n### Sub\n\nInside sub.\n\n## Two\n\nLast.', 'featured: true\n'),
    )
    expect(post.title).toBe('Scores: a guide')
    expect(post.tags).toEqual(['Data quality', 'CSV'])
    expect(post.featured).toBe(true)
    expect(post.sections).toEqual([
      { heading: 'One', paragraphs: ['First paragraph continues here.'], subSections: [{ heading: 'Sub', paragraphs: ['Inside sub.'] }] },
      { heading: 'Two', paragraphs: ['Last.'] },
    ])
  })

  it('counts reading time as words / 200, at least one minute', () => {
    expect(readingMinutes(50)).toBe(1)
    expect(readingMinutes(1000)).toBe(5)
    const words = Array.from({ length: 797 }, () => 'word').join(' ')
    const post = parseBlogPost('long', article(`## Heading\n\n${words}`))
    // 3 title words + 1 heading word + 797 = 801 words
    expect(post.wordCount).toBe(801)
    expect(post.readTime).toBe('4 min read')
  })

  it('names the file and the problem when an article is malformed', () => {
    expect(() => parseBlogPost('x', '## no front matter')).toThrow('content/blog/x.md: it must start with a front matter block')
    expect(() => parseBlogPost('x', article('## A\n\nB').replace('date: 2026-01-02', 'date: January'))).toThrow(
      'date "January" must be written as YYYY-MM-DD',
    )
    expect(() => parseBlogPost('x', article('Text first.\n\n## A'))).toThrow('text comes before the first "## " section')
    expect(() => parseBlogPost('Bad Slug', article('## A\n\nB'))).toThrow('lower-case slug')
  })
})

describe('the shipped articles', () => {
  const posts = readAllPosts()

  it('are fourteen well-formed articles with unique titles and one featured post', () => {
    expect(posts).toHaveLength(14)
    expect(new Set(posts.map((p) => p.title)).size).toBe(14)
    expect(posts.filter((p) => p.featured)).toHaveLength(1)
    for (const post of posts) {
      expect(post.tags.length, post.slug).toBeGreaterThanOrEqual(2)
      expect(post.wordCount, post.slug).toBeGreaterThan(300)
      expect(post.image, post.slug).toMatch(/^\/images\//)
    }
  })
})

describe('queryBlogPosts', () => {
  const make = (slug: string, title: string, date: string, tags: string[], body = 'text'): BlogPost =>
    parseBlogPost(slug, article(`## Heading\n\n${body}`).replace('"Scores: a guide"', title).replace('2026-01-02', date).replace('Data quality, CSV', tags.join(', ')))
  const posts = [
    make('a', 'Alpha scoring', '2026-01-01', ['Scoring', 'CSV']),
    make('b', 'Beta cleaning', '2026-03-01', ['Data quality', 'CSV'], 'scoring appears in the body'),
    make('c', 'Gamma export', '2026-02-01', ['Export', 'CRM']),
  ]
  const base = { search: '', tags: [] as string[], sort: 'date' as const, direction: 'desc' as const }

  it('sorts by date, title and relevance in both directions', () => {
    expect(queryBlogPosts(posts, base).map((p) => p.slug)).toEqual(['b', 'c', 'a'])
    expect(queryBlogPosts(posts, { ...base, direction: 'asc' }).map((p) => p.slug)).toEqual(['a', 'c', 'b'])
    expect(queryBlogPosts(posts, { ...base, sort: 'title', direction: 'asc' }).map((p) => p.slug)).toEqual(['a', 'b', 'c'])
    expect(queryBlogPosts(posts, { ...base, search: 'scoring', sort: 'relevance' }).map((p) => p.slug)).toEqual(['a', 'b'])
    expect(queryBlogPosts(posts, { ...base, search: 'scoring', sort: 'relevance', direction: 'asc' }).map((p) => p.slug)).toEqual(['b', 'a'])
  })

  it('keeps only posts that match every search word and carry every selected tag', () => {
    expect(queryBlogPosts(posts, { ...base, search: 'gamma export' }).map((p) => p.slug)).toEqual(['c'])
    expect(queryBlogPosts(posts, { ...base, search: 'gamma scoring' })).toEqual([])
    expect(queryBlogPosts(posts, { ...base, tags: ['CSV'] }).map((p) => p.slug)).toEqual(['b', 'a'])
    expect(queryBlogPosts(posts, { ...base, tags: ['CSV', 'Scoring'] }).map((p) => p.slug)).toEqual(['a'])
  })

  it('lists tags once, in order, and labels the count', () => {
    expect(collectTags(posts)).toEqual(['CRM', 'CSV', 'Data quality', 'Export', 'Scoring'])
    expect(articlesFoundLabel(1)).toBe('1 article(s) found')
  })
})
