import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PencilIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';

import {
  CollapsibleCard,
  CollapsibleCardContent,
  CollapsibleCardTitle,
} from '../../../components/collapsible-card';
import { Button } from '../../../components/ui/button';
import { CardAction, CardHeader } from '../../../components/ui/card';
import { useRememberedOpen } from '../../../hooks/use-remembered-open';
import { SECTION_TITLES, type ClaimSection } from './claim-fields';
import { DetailRows, sectionRows } from './section-rows';
import { Spinner } from '../../../components/ui/spinner';

// The editor (react-hook-form, the claim's edit schema) loads when a section is first edited (issue 30).
const SectionEditor = lazy(() => import('./section-editor').then((m) => ({ default: m.SectionEditor })));

const NOTES: Partial<Record<ClaimSection, string>> = {
  vehicle: 'The vehicle’s own record (unit number, VIN, plate) is kept with the vehicle.',
};

/** One section of the claim's details: its values, and for those allowed, an in-place editor. */
export function DetailsSection({
  claim,
  section,
  canEdit,
  onDirtyChange,
}: {
  claim: Claim;
  section: ClaimSection;
  canEdit: boolean;
  /** Whether the section holds changes not saved yet. */
  onDirtyChange: (section: ClaimSection, dirty: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Set when the editor closes: the Edit button that replaces it takes the focus the form had. */
  const refocusEdit = useRef(false);
  const title = SECTION_TITLES[section];
  const headingId = `claim-section-${section}`;
  const [open, setOpen] = useRememberedOpen(headingId);

  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  const closeEditor = () => {
    refocusEdit.current = true;
    setEditing(false);
  };

  return (
    <CollapsibleCard headingId={headingId} open={open} onOpenChange={setOpen} className="gap-4">
      <CardHeader>
        <CollapsibleCardTitle id={headingId}>{title}</CollapsibleCardTitle>
        {canEdit && !editing && (
          <CardAction>
            <Button
              ref={editButton}
              variant="ghost"
              size="sm"
              onClick={() => {
                // A folded section unfolds to be edited.
                setOpen(true);
                setEditing(true);
              }}
              aria-label={`Edit ${title.toLowerCase()}`}
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CollapsibleCardContent className="@container">
        {editing ? (
          <div className="grid gap-4">
            {NOTES[section] && <p className="text-muted-foreground text-sm">{NOTES[section]}</p>}
            <Suspense
              fallback={<Spinner className="text-muted-foreground size-6" aria-label="Loading the form" />}
            >
              <SectionEditor
                claim={claim}
                section={section}
                onClose={closeEditor}
                onDirtyChange={onDirtyChange}
              />
            </Suspense>
          </div>
        ) : (
          <DetailRows rows={sectionRows(section, claim)} />
        )}
      </CollapsibleCardContent>
    </CollapsibleCard>
  );
}
