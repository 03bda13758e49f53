import { cn } from '#web/lib/cn'
console.log(cn('a', 'b'))
