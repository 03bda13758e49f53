import type { PaymentSetupInput, PaymentSetupState } from '#common/schemas/billing'
import { api, unwrap } from '#web/lib/api-client'

/** Records the payment-setup page's progress in the profile (000 §4). */
export async function updatePaymentSetup(input: PaymentSetupInput): Promise<PaymentSetupState> {
  return unwrap(await api.billing['payment-setup'].$post({ json: input }))
}
