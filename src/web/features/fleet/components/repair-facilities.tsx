import { WrenchIcon } from 'lucide-react';
import type { RepairFacility } from '@shared/fleet';

import { FilterSelect, ListFrame, type FilterOption } from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { useRepairFacilities } from '../api/get-repair-facilities';
import { useRepairFacility } from '../api/get-repair-facility';
import type { FacilityKind } from '../api/list-filter';
import { useUpdateRepairFacilityMutation } from '../api/update-repair-facility';
import { FleetListToolbar } from './fleet-list-toolbar';
import { FACILITY_KIND_LABELS, formatLaborRate } from './labor-rate';
import { useRecordScreen } from '../hooks/use-record-screen';
import { RecordList, RecordListSkeleton, type RecordColumn } from './record-list';
import { openClaimsHref } from './record-summary';
import { emailLink, phoneLink, RecordSheet, type RecordSheetContent } from './record-sheet';
import { RepairFacilityFormDialog } from './repair-facility-form-dialog';

const claimsHref = (facility: RepairFacility) => openClaimsHref('repairFacilityId', facility.id);

const dash = <span className="text-muted-foreground">—</span>;

export function KindBadge({ kind }: { kind: FacilityKind }) {
  return (
    <Badge variant="outline" className="text-muted-foreground font-normal">
      {FACILITY_KIND_LABELS[kind]}
    </Badge>
  );
}

const COLUMNS: RecordColumn<RepairFacility>[] = [
  { id: 'kind', header: 'Repairs', cell: (facility) => <KindBadge kind={facility.kind} /> },
  {
    id: 'rate',
    header: 'Labour rate',
    className: 'hidden text-right tabular-nums lg:table-cell',
    cell: (facility) => formatLaborRate(facility.laborRateCents) ?? dash,
  },
  {
    id: 'ccc',
    header: 'CCC shop id',
    className: 'hidden xl:table-cell',
    cellClassName: 'font-mono text-xs',
    cell: (facility) => facility.cccShopId ?? dash,
  },
];

function sheetContent(facility: RepairFacility): RecordSheetContent {
  return {
    title: facility.name,
    description: `Repair facility · ${FACILITY_KIND_LABELS[facility.kind]}`,
    rows: [
      { label: 'Repairs', value: FACILITY_KIND_LABELS[facility.kind] },
      { label: 'Labour rate', value: formatLaborRate(facility.laborRateCents) },
      { label: 'Address', value: facility.address },
      { label: 'Contact', value: facility.contactName },
      { label: 'Phone', value: phoneLink(facility.phone) },
      { label: 'Email', value: emailLink(facility.email) },
      {
        label: 'CCC ONE shop id',
        value: facility.cccShopId && <span className="font-mono">{facility.cccShopId}</span>,
      },
      {
        label: 'Tekmetric shop id',
        value: facility.tekmetricShopId && <span className="font-mono">{facility.tekmetricShopId}</span>,
      },
    ],
  };
}

/** The server counts a shop doing both as doing each. */
const KIND_OPTIONS = [
  { value: 'collision', label: 'Does collision' },
  { value: 'mechanical', label: 'Does mechanical' },
  { value: 'both', label: 'Does both' },
] as const satisfies readonly FilterOption<FacilityKind>[];

/**
 * The repair facilities list: search, kind, status and page in the address, each facility's figures linking
 * to its open claims, details in a side sheet, and for admins editing and (de)activation.
 */
export function RepairFacilities({ canManage }: { canManage: boolean }) {
  const screen = useRecordScreen<RepairFacility>({
    extras: ['kind'],
    useList: useRepairFacilities,
    useDetail: useRepairFacility,
    mutation: useUpdateRepairFacilityMutation(),
    noun: 'repair facility',
    whatStays: 'Its claims and history stay',
    canManage,
  });
  const { filter, setFilter } = screen;

  return (
    <div className="grid gap-4">
      <FleetListToolbar
        label="Filter repair facilities"
        searchLabel="Search repair facilities"
        searchPlaceholder="Search name, address or CCC id"
        {...screen.toolbar}
      >
        <FilterSelect
          label="Kind of work"
          allLabel="Any kind of work"
          value={filter.kind}
          options={KIND_OPTIONS}
          className="w-full sm:w-[12.5rem]"
          onChange={(kind) => setFilter({ kind })}
        />
      </FleetListToolbar>
      <ListFrame
        {...screen.frame}
        noun={['repair facility', 'repair facilities']}
        icon={<WrenchIcon />}
        skeleton={
          <RecordListSkeleton label="Loading repair facilities" nameHeader="Facility" columns={COLUMNS} />
        }
        emptyText={
          canManage
            ? 'Add the body shops and mechanics you work with using “Create facility”; claims are then assigned to them.'
            : 'An administrator adds the body shops and mechanics your claims are repaired at.'
        }
      >
        {(items) => (
          <RecordList
            label="Repair facilities"
            nameHeader="Facility"
            records={items}
            subtitle={(facility) => facility.address ?? facility.phone ?? ''}
            columns={COLUMNS}
            cardDetails={(facility) => (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <KindBadge kind={facility.kind} />
                {facility.laborRateCents !== null && (
                  <span className="text-muted-foreground tabular-nums">
                    {formatLaborRate(facility.laborRateCents)}
                  </span>
                )}
              </div>
            )}
            claimsHref={claimsHref}
            {...screen.list}
          />
        )}
      </ListFrame>
      <RecordSheet {...screen.sheet} claimsHref={claimsHref} content={sheetContent} />
      <RepairFacilityFormDialog
        open={screen.editing !== null}
        facility={screen.editing}
        onOpenChange={(open) => !open && screen.closeEditor()}
      />
      {screen.confirmation}
    </div>
  );
}
