export * from './auth.ts'
export * from './billing.ts'
export * from './security.ts'
export * from './uploads.ts'
