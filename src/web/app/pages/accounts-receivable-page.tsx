import { ReceiptTextIcon } from 'lucide-react';

import { UpcomingScreen } from '../../components/upcoming-screen';

export function AccountsReceivablePage() {
  return (
    <UpcomingScreen title="Accounting" icon={<ReceiptTextIcon />}>
      Invoices for completed claims, payments, balances and aging per company, with CSV export and PDF
      invoices.
    </UpcomingScreen>
  );
}
