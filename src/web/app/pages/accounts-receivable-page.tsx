import { Page } from '../../components/layout/page';
import { Accounting } from '../../features/accounting';
import { useUserCompanies } from '../../features/auth';
import { useSession } from '../session';

/** Accounting (`/admin/accounts-receivable`, PRODUCT.md §6): invoices, payments, aging and claims to invoice. */
export function AccountsReceivablePage() {
  const { can } = useSession();
  const companies = useUserCompanies().data ?? [];
  return (
    <Page
      title="Accounting"
      description="Invoices for completed claims, the payments that settle them, and what each company owes by age."
    >
      <Accounting companies={companies} canManage={can('accounting.manage')} />
    </Page>
  );
}
