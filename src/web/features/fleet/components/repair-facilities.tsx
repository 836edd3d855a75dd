import { WrenchIcon } from 'lucide-react';
import { FACILITY_KINDS, type RepairFacility } from '@shared/fleet';

import { Badge } from '../../../components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useRepairFacilities } from '../api/get-repair-facilities';
import { useRepairFacility } from '../api/get-repair-facility';
import type { FacilityKind } from '../api/list-filter';
import { useUpdateRepairFacilityMutation } from '../api/update-repair-facility';
import { useFleetListFilter } from '../hooks/use-fleet-list-filter';
import { ALL, FleetListToolbar } from './fleet-list-toolbar';
import { FACILITY_KIND_LABELS, formatLaborRate } from './labor-rate';
import { useRecordSelection } from '../hooks/use-record-selection';
import { useRecordActivation } from './record-activation';
import { RecordList, type RecordColumn } from './record-list';
import { RecordListFrame } from './record-list-frame';
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

function KindFilter({
  value,
  onChange,
}: {
  value: FacilityKind | undefined;
  onChange: (kind: FacilityKind | undefined) => void;
}) {
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(kind) => onChange(FACILITY_KINDS.find((known) => known === kind))}
    >
      <SelectTrigger aria-label="Kind of work" className="w-full sm:w-[12.5rem]">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>Any kind of work</SelectItem>
        {/* The server counts a shop doing both as doing each. */}
        <SelectItem value="collision">Does collision</SelectItem>
        <SelectItem value="mechanical">Does mechanical</SelectItem>
        <SelectItem value="both">Does both</SelectItem>
      </SelectContent>
    </Select>
  );
}

/**
 * The repair facilities list: search, kind, status and page in the address, each facility's figures linking
 * to its open claims, details in a side sheet, and for admins editing and (de)activation.
 */
export function RepairFacilities({ canManage }: { canManage: boolean }) {
  const { filter, setFilter, clearFilters, filtered } = useFleetListFilter(['kind']);
  const facilities = useRepairFacilities(filter);
  const update = useUpdateRepairFacilityMutation();
  const activation = useRecordActivation<RepairFacility>({
    mutation: update,
    noun: 'repair facility',
    whatStays: 'Its claims and history stay',
  });
  const list = facilities.data;
  const { setOpened, editing, setEditing, shown, onAction } = useRecordSelection<RepairFacility>(
    list?.items,
    activation.request,
  );
  const detail = useRepairFacility(shown?.id, shown ?? undefined);

  return (
    <div className="grid gap-4">
      <FleetListToolbar
        label="Filter repair facilities"
        searchLabel="Search repair facilities"
        searchPlaceholder="Search name, address or CCC id"
        filter={filter}
        filtered={filtered}
        onChange={setFilter}
        onClear={clearFilters}
      >
        <KindFilter value={filter.kind} onChange={(kind) => setFilter({ kind })} />
      </FleetListToolbar>
      <RecordListFrame
        query={facilities}
        noun={['repair facility', 'repair facilities']}
        icon={<WrenchIcon />}
        nameHeader="Facility"
        columns={COLUMNS}
        filtered={filtered}
        onClear={clearFilters}
        onPageChange={(page) => setFilter({ page })}
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
            onAction={canManage ? onAction : null}
            onOpen={setOpened}
          />
        )}
      </RecordListFrame>
      <RecordSheet
        shown={shown}
        detail={detail.data}
        loadError={detail.isError ? detail.error.message : null}
        claimsHref={claimsHref}
        content={sheetContent}
        onOpenChange={(open) => !open && setOpened(null)}
        onEdit={canManage ? setEditing : undefined}
        onToggleActive={canManage ? activation.request : undefined}
      />
      <RepairFacilityFormDialog
        open={editing !== null}
        facility={editing}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {activation.confirmation}
    </div>
  );
}
