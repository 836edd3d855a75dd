import { useParams } from 'wouter';

import { ClaimScreen } from '../../features/claims/components/claim-screen';

/** `/vehicles/{id}`: one claim (the spec's routes call claims vehicles). */
export function VehicleDetailsPage() {
  const { id } = useParams<{ id: string }>();
  // Keyed by id, so moving to another claim (from "other claims") starts with a fresh page state.
  return <ClaimScreen key={id} claimId={id} />;
}
