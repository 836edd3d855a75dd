import type { Claim } from '@shared/claims';

import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useClaimHistory } from '../api/get-claim-history';
import { ClaimMoves } from './claim-moves';
import { WorkflowStepper } from './workflow-stepper';

/** Where the claim is in its workflow, and where it can go from here. */
export function ClaimWorkflowCard({ claim, canMove }: { claim: Claim; canMove: boolean }) {
  // The history tells where a paused or stopped claim left the main path (shared with the history card).
  const history = useClaimHistory(claim.id);
  return (
    <Card role="region" aria-labelledby="claim-workflow-heading" className="gap-5">
      <CardHeader>
        <CardTitle>
          <h2 id="claim-workflow-heading">Progress</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <WorkflowStepper workflow={claim.workflow} status={claim.status} history={history.data} />
        <ClaimMoves claim={claim} canMove={canMove} />
      </CardContent>
    </Card>
  );
}
