import type { ReactNode } from 'react';
import { currentClaimAmount, PRIORITY_LABELS, type Claim, type ClaimAmountField } from '@shared/claims';
import { isOpenStatus } from '@shared/workflows';

import { Badge } from '../../../components/ui/badge';
import { formatCalendarDate, todayIsoDate } from '../../../lib/format-calendar-date';
import { formatDateTime } from '../../../lib/format-relative-time';
import type { ClaimSection } from './claim-fields';
import { formatCents, formatDays, vehicleTitle, yesNo } from './claim-values';

export type DetailRow = {
  label: string;
  value: ReactNode;
  /** Spans the section's full width (long text). */
  wide?: boolean;
};

const text = (value: string | null | undefined) => value || null;
const cents = (value: number | null) => (value === null ? null : formatCents(value));
const day = (value: string | null) => (value ? formatCalendarDate(value) : null);
const instant = (value: string | null) => (value ? formatDateTime(value) : null);

/**
 * The estimated completion day; past it while open, in red with the word "Overdue" (never the colour alone),
 * both at least 4.5:1 on the card.
 */
export function Eta({ claim }: { claim: Claim }) {
  if (!claim.eta) return null;
  const overdue = isOpenStatus(claim.status) && claim.eta < todayIsoDate();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={overdue ? 'font-medium text-red-700' : undefined}>
        {formatCalendarDate(claim.eta)}
      </span>
      {overdue && (
        <Badge variant="outline" className="border-red-200 bg-red-50 text-red-700">
          Overdue
        </Badge>
      )}
    </span>
  );
}

/** An amount of the Money card; the claim's current amount (`currentClaimAmount`) is marked so. */
function Amount({ cents, current }: { cents: number; current: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{formatCents(cents)}</span>
      {current && <Badge variant="secondary">Current</Badge>}
    </span>
  );
}

function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} variant="secondary">
          {tag}
        </Badge>
      ))}
    </span>
  );
}

/** What each section shows when it is not being edited. */
export function sectionRows(section: ClaimSection, claim: Claim): DetailRow[] {
  const { vehicle } = claim;
  switch (section) {
    case 'vehicle':
      return [
        { label: 'Vehicle', value: vehicleTitle(vehicle) },
        { label: 'Unit number', value: vehicle.unitNumber },
        { label: 'VIN', value: <span className="font-mono tracking-wide">{vehicle.vin}</span> },
        {
          label: 'Plate',
          value: vehicle.plate ? [vehicle.plate, vehicle.plateState].filter(Boolean).join(' · ') : null,
        },
        { label: 'Colour', value: text(vehicle.color) },
        { label: 'Location', value: text(claim.locationName) },
        {
          label: 'Odometer at intake',
          value: claim.odometerAtIntake === null ? null : claim.odometerAtIntake.toLocaleString('en-US'),
        },
      ];
    case 'incident':
      return [
        { label: 'Description', value: text(claim.description), wide: true },
        { label: 'Reported by', value: text(claim.reportedByName) },
        {
          label: 'Reporter’s phone',
          value: claim.reportedByPhone ? (
            <a href={`tel:${claim.reportedByPhone}`}>{claim.reportedByPhone}</a>
          ) : null,
        },
        { label: 'Drivable', value: yesNo(claim.drivable) ?? 'Unknown' },
        { label: 'Tow required', value: yesNo(claim.towRequired) },
        { label: 'Rental needed', value: yesNo(claim.rentalNeeded) },
      ];
    case 'repair':
      return [
        { label: 'Repair facility', value: text(claim.facilityName) },
        { label: 'Assignee', value: claim.assignee?.name ?? 'Unassigned' },
        { label: 'Priority', value: PRIORITY_LABELS[claim.priority] },
        { label: 'Tags', value: claim.tags.length ? <Tags tags={claim.tags} /> : null },
      ];
    case 'insurance':
      return [
        { label: 'Insurer', value: text(claim.insurer) },
        { label: 'Insurer claim number', value: text(claim.insurerClaimNumber) },
        { label: 'Policy number', value: text(claim.policyNumber) },
        { label: 'Adjuster', value: text(claim.adjusterName) },
        {
          label: 'Adjuster’s phone',
          value: claim.adjusterPhone ? (
            <a href={`tel:${claim.adjusterPhone}`}>{claim.adjusterPhone}</a>
          ) : null,
        },
        {
          label: 'Adjuster’s email',
          value: claim.adjusterEmail ? (
            <a href={`mailto:${claim.adjusterEmail}`} className="break-all">
              {claim.adjusterEmail}
            </a>
          ) : null,
        },
      ];
    case 'money': {
      const current = currentClaimAmount(claim)?.field;
      const amount = (field: ClaimAmountField) => {
        const value = claim[field];
        return value === null ? null : <Amount cents={value} current={field === current} />;
      };
      return [
        { label: 'Deductible', value: cents(claim.deductibleCents) },
        { label: 'Estimate', value: amount('estimateAmountCents') },
        { label: 'Approved amount', value: amount('approvedAmountCents') },
        { label: 'Final amount', value: amount('finalAmountCents') },
      ];
    }
    case 'dates':
      return [
        { label: 'Date of loss', value: day(claim.lossDate) },
        { label: 'Drop-off date', value: day(claim.dropOffDate) },
        { label: 'Estimated completion', value: claim.eta ? <Eta claim={claim} /> : null },
        { label: 'Completed', value: instant(claim.completedAt) },
        { label: 'Closed', value: instant(claim.closedAt) },
        { label: 'Downtime', value: formatDays(claim.downtimeDays) },
        {
          label: 'Opened',
          value: `${formatDateTime(claim.createdAt)}${claim.createdBy ? ` by ${claim.createdBy.name}` : ''}`,
        },
        { label: 'Last updated', value: formatDateTime(claim.updatedAt) },
      ];
  }
}

/** A section's values as a description list; missing values say "Not set". */
export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 @sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className={row.wide ? '@sm:col-span-2' : undefined}>
          <dt className="text-muted-foreground text-xs font-medium">{row.label}</dt>
          <dd className="mt-0.5 text-sm break-words whitespace-pre-wrap">
            {row.value ?? <span className="text-muted-foreground">Not set</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
