import { WrenchIcon } from 'lucide-react';
import type { ShopClaim } from '@shared/shop-links';
import { STATUS_LABELS } from '@shared/workflows';

import { Badge } from '../../../components/ui/badge';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { formatDateTime } from '../../../lib/format-relative-time';
import { ShopFiles } from './shop-files';
import { ShopEta, ShopMoves, ShopNote, Section } from './shop-updates';

/** A fact of the claim: its label over its value. */
function Fact({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 grid gap-0.5' : 'grid gap-0.5'}>
      <dt className="text-muted-foreground text-xs font-medium">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * The claim as the repair shop sees it through its link (issue 32): the vehicle, the reported damage and the
 * files, and what the shop may do: move it along, set the ETA, add photos or the estimate, leave a note.
 */
export function ShopClaimView({ token, claim }: { token: string; claim: ShopClaim }) {
  return (
    <div className="grid gap-4">
      <section className="bg-card grid gap-4 rounded-xl border p-4 sm:p-6" aria-labelledby="shop-claim-title">
        <div className="flex items-start gap-3">
          <div
            aria-hidden="true"
            className="bg-muted text-muted-foreground flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5"
          >
            <WrenchIcon />
          </div>
          <div className="grid min-w-0 gap-1">
            <h1 id="shop-claim-title" className="text-xl font-semibold tracking-tight text-balance">
              Claim {claim.claimNumber}
            </h1>
            <p className="text-muted-foreground text-sm">
              {claim.companyName} · for {claim.facilityName}
            </p>
            <Badge variant="outline" className="w-fit">
              {STATUS_LABELS[claim.status]}
            </Badge>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3">
          <Fact label="Vehicle" wide>
            {claim.vehicle}
          </Fact>
          <Fact label="VIN">{claim.vin ?? 'Not given'}</Fact>
          <Fact label="Plate">{claim.licensePlate ?? 'Not given'}</Fact>
          <Fact label="ETA">{claim.eta ? formatCalendarDate(claim.eta) : 'Not set'}</Fact>
          <Fact label="Your last update">
            {claim.lastUpdatedAt ? formatDateTime(claim.lastUpdatedAt) : 'None yet'}
          </Fact>
        </dl>
      </section>
      <Section title="Reported damage">
        <p className="text-sm whitespace-pre-line">{claim.description}</p>
      </Section>
      <ShopMoves token={token} claim={claim} />
      <ShopEta key={claim.eta ?? ''} token={token} claim={claim} />
      <ShopFiles token={token} claim={claim} />
      <ShopNote token={token} />
    </div>
  );
}
