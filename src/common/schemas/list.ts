import { z } from 'zod'
import { DEFAULT_PAGE_SIZE } from '../constants.ts'

/** The most rows one list page carries (CONVENTIONS §15). */
export const MAX_PER_PAGE = 100

export const pageParamSchema = z.coerce.number().int().min(1).default(1)

/** The list query every paged endpoint takes: `?page=2&perPage=50`. */
export function listQuerySchema({ defaultPerPage = DEFAULT_PAGE_SIZE }: { defaultPerPage?: number } = {}) {
  return z.object({
    page: pageParamSchema,
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(defaultPerPage),
  })
}
export type ListQuery = z.infer<ReturnType<typeof listQuerySchema>>

/** The contract of one page of `item`s (`ListPage`), for a paged endpoint's answer. */
export function listPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), count: z.number().int(), page: z.number().int(), perPage: z.number().int(), totalPages: z.number().int() })
}

/** One page of a list, the one result shape of every paged endpoint. */
export type ListPage<T> = {
  data: T[]
  count: number
  page: number
  perPage: number
  /** At least 1, so an empty list still has a page to show. */
  totalPages: number
}

export function toPage<T>(data: T[], { count, page, perPage }: { count: number } & ListQuery): ListPage<T> {
  return { data, count, page, perPage, totalPages: Math.max(1, Math.ceil(count / perPage)) }
}
