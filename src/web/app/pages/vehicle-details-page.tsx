import { useParams } from 'wouter';

import { ClaimInvoiceCard } from '../../features/accounting';
import { ClaimAttachments } from '../../features/attachments';
import { ClaimAuthorizations } from '../../features/authorizations';
import { ClaimScreen, type ClaimScreenSections } from '../../features/claims';
import { ClaimEstimates } from '../../features/estimates';
import { useReadClaimNotifications } from '../../features/notifications';
import { useSession } from '../session';

/** `/vehicles/{id}`: one claim (the spec's routes call claims vehicles). */
export function VehicleDetailsPage() {
  const { id } = useParams<{ id: string }>();
  const { can } = useSession();
  useReadClaimNotifications(id);
  const sections: ClaimScreenSections = {
    authorizations: (claim) => <ClaimAuthorizations claim={claim} holds={can} />,
    estimates: (claim) => <ClaimEstimates claim={claim} holds={can} />,
    invoice: can('accounting.view') ? (claim) => <ClaimInvoiceCard claim={claim} /> : undefined,
    attachments: (claim) => (
      <ClaimAttachments
        claimId={claim.id}
        canUpload={can('attachments.upload')}
        canDelete={can('vehicles.edit')}
      />
    ),
  };
  // Keyed by id, so moving to another claim (from "other claims") starts with a fresh page state.
  return <ClaimScreen key={id} claimId={id} sections={sections} />;
}
