export * from './auth.ts'
export * from './security.ts'
