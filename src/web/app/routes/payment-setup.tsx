import { PaymentSetupPage } from '#web/features/billing/components/payment-setup-page'

export function PaymentSetupRoute() {
  return <PaymentSetupPage />
}
