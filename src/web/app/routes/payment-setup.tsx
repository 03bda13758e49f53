import { Navigate } from 'react-router'

/** Placeholder until the billing issue adds the payment gate; signed-in users go straight on. */
export function PaymentSetupRoute() {
  return <Navigate to="/dashboard" replace />
}
