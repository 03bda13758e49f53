export * from './auth.ts'
export * from './security.ts'
export * from './uploads.ts'
export * from './exports.ts'
