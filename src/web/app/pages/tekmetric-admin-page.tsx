import { Page } from '../../components/layout/page';
import { SyncNowButton, TekmetricAdmin } from '../../features/tekmetric';
import { ROUTE_PERMISSIONS } from '../route-permissions';

/** Tekmetric Admin (PRODUCT.md §6, issue 17): connect Tekmetric, map its shops, sync repair orders. */
export function TekmetricAdminPage() {
  return (
    <Page
      title={ROUTE_PERMISSIONS.tekmetricAdmin.title}
      description="Repair orders of fleet vehicles at shops that run Tekmetric become mechanical claims with their authorizations, matched by VIN."
      actions={<SyncNowButton />}
    >
      <TekmetricAdmin />
    </Page>
  );
}
