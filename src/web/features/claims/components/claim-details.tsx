import { useCallback, useState } from 'react';
import type { Claim } from '@shared/claims';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard';
import { CLAIM_SECTIONS, type ClaimSection } from './claim-fields';
import { DetailsSection } from './details-section';

/**
 * Everything recorded about the claim, section by section; editable in place by those allowed. While any
 * section holds unsaved changes, leaving the page asks first.
 */
export function ClaimDetails({ claim, canEdit }: { claim: Claim; canEdit: boolean }) {
  const [unsaved, setUnsaved] = useState<ReadonlySet<ClaimSection>>(new Set());
  const guard = useUnsavedChangesGuard(unsaved.size > 0);
  const onDirtyChange = useCallback((section: ClaimSection, dirty: boolean) => {
    setUnsaved((current) => {
      if (current.has(section) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);

  return (
    <div className="@container">
      <div className="grid gap-4 @3xl:grid-cols-2">
        {CLAIM_SECTIONS.map((section) => (
          <DetailsSection
            key={section}
            claim={claim}
            section={section}
            canEdit={canEdit}
            onDirtyChange={onDirtyChange}
          />
        ))}
      </div>
      <ConfirmDialog
        open={guard.pending !== null}
        onOpenChange={(open) => !open && guard.stay()}
        title="Discard your changes?"
        description={`You changed ${claim.claimNumber} but did not save it. If you leave now, your changes are lost.`}
        confirmLabel="Discard changes"
        destructive
        onConfirm={guard.confirmLeave}
      />
    </div>
  );
}
