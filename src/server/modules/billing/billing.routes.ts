import { Hono } from 'hono'
import { consumeCreditsSchema, paymentSetupSchema, transactionsQuerySchema } from '#common/schemas/billing'
import type { AppEnv } from '#server/platform/hono-env'
import { refuseApiTokens } from '#server/platform/refuse-api-tokens'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { createCheckout, createPortal, listInvoices } from './billing.service.ts'
import { consumeCreditsOrThrow, getCreditUsage, listCreditTransactions } from './credits.service.ts'
import { requirePaidAccess } from './require-paid-access.ts'
import { getPaymentSetup, getSubscriptionStatus, updatePaymentSetup, validatePaymentAccess } from './subscriptions.service.ts'

/** The account owner's billing: a browser session only (decision 019), so a token cannot buy, pay or spend. */
export const billingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(refuseApiTokens)
  .get('/subscription', async (c) => c.json(await getSubscriptionStatus({ userId: c.var.user.id })))
  .post('/access/validate', async (c) => c.json({ has_access: await validatePaymentAccess({ userId: c.var.user.id }) }))
  .post('/checkout', async (c) => c.json(await createCheckout({ user: c.var.user })))
  .post('/portal', async (c) => c.json(await createPortal({ user: c.var.user })))
  .get('/invoices', async (c) => c.json(await listInvoices({ user: c.var.user })))
  .get('/payment-setup', async (c) => c.json(await getPaymentSetup({ userId: c.var.user.id })))
  .post('/payment-setup', validate('json', paymentSetupSchema), async (c) =>
    c.json(await updatePaymentSetup({ userId: c.var.user.id, ...c.req.valid('json') })),
  )
  .get('/credits/transactions', validate('query', transactionsQuerySchema), async (c) =>
    c.json(await listCreditTransactions({ userId: c.var.user.id, ...c.req.valid('query') })),
  )
  .get('/credits/usage', async (c) => c.json(await getCreditUsage({ userId: c.var.user.id })))
  // consume-credits (000 §7), for client-started actions; server jobs call consumeCredits directly.
  .post('/credits/consume', requirePaidAccess, validate('json', consumeCreditsSchema), async (c) => {
    const body = c.req.valid('json')
    return c.json(
      await consumeCreditsOrThrow({
        userId: c.var.user.id,
        operation: body.operation_type,
        amount: body.credits_needed,
        idempotencyKey: `client:${body.idempotency_key}`,
        metadata: body.metadata,
      }),
    )
  })
