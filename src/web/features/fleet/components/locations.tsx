import { FileDownIcon, MapPinIcon } from 'lucide-react';
import type { Location } from '@shared/fleet';
import type { CompanySummary } from '@shared/users';

import { CompanyFilter, ListFrame } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { useLocation as useLocationRecord } from '../api/get-location';
import { useLocations } from '../api/get-locations';
import { useUpdateLocationMutation } from '../api/update-location';
import { FleetListToolbar } from './fleet-list-toolbar';
import { LocationFormDialog } from './location-form-dialog';
import { useRecordScreen } from '../hooks/use-record-screen';
import { RecordList, RecordListSkeleton, type RecordColumn } from './record-list';
import { openClaimsHref } from './record-summary';
import { phoneLink, RecordSheet, type RecordSheetContent } from './record-sheet';

const claimsHref = (location: Location) => openClaimsHref('locationId', location.id);

const COLUMNS: RecordColumn<Location>[] = [
  {
    id: 'company',
    header: 'Company',
    className: 'max-w-44 truncate',
    cell: (location) => location.companyName,
  },
  {
    id: 'address',
    header: 'Address',
    className: 'hidden max-w-56 truncate xl:table-cell',
    cell: (location) => location.address ?? <span className="text-muted-foreground">—</span>,
  },
];

/**
 * The printable vehicle cards of every vehicle of the location (issue 32): each with its report link's QR code, four
 * to a page. A plain download link, so the browser saves the PDF with its own progress. Its hint is a `title`: a
 * tooltip here would split a chunk every signed-in screen loads (issue 30's budget per route).
 */
function VehicleCardsLink({ location }: { location: Location }) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <a
        href={`/api/locations/${encodeURIComponent(location.id)}/vehicle-cards.pdf`}
        download
        aria-label={`Download vehicle cards for ${location.name}`}
        title="Vehicle cards (PDF)"
      >
        <FileDownIcon aria-hidden="true" />
      </a>
    </Button>
  );
}

const vehicleCardsLink = (location: Location) => <VehicleCardsLink location={location} />;

function sheetContent(location: Location): RecordSheetContent {
  return {
    title: location.name,
    description: `Location of ${location.companyName} · ${location.code}`,
    rows: [
      { label: 'Company', value: location.companyName },
      { label: 'Code', value: <span className="font-mono">{location.code}</span> },
      { label: 'Address', value: location.address },
      { label: 'Contact', value: location.contactName },
      { label: 'Phone', value: phoneLink(location.phone) },
    ],
  };
}

/**
 * The Locations list: search, company, status and page in the address, each location's figures linking to
 * its open claims, details in a side sheet, for admins editing and (de)activation, and for those who edit
 * vehicles each location's vehicle cards.
 */
export function Locations({
  companies,
  canManage,
  canPrintCards = false,
}: {
  /** The companies the user may see: the company filter's choices and the form's. */
  companies: readonly CompanySummary[];
  canManage: boolean;
  /** The user edits vehicles: they may print (and so make) the vehicles' report links. */
  canPrintCards?: boolean;
}) {
  const screen = useRecordScreen<Location>({
    extras: ['companyId'],
    useList: useLocations,
    useDetail: useLocationRecord,
    mutation: useUpdateLocationMutation(),
    noun: 'location',
    whatStays: 'Its vehicles, claims and history stay',
    canManage,
  });
  const { filter, setFilter } = screen;

  return (
    <div className="grid gap-4">
      <FleetListToolbar
        label="Filter locations"
        searchLabel="Search locations"
        searchPlaceholder="Search name, code or address"
        {...screen.toolbar}
      >
        {companies.length > 1 && (
          <CompanyFilter
            companies={companies}
            value={filter.companyId}
            onChange={(companyId) => setFilter({ companyId })}
          />
        )}
      </FleetListToolbar>
      <ListFrame
        {...screen.frame}
        noun={['location', 'locations']}
        icon={<MapPinIcon />}
        skeleton={<RecordListSkeleton label="Loading locations" nameHeader="Location" columns={COLUMNS} />}
        emptyText={
          canManage
            ? 'Create a location with “Create location”: a depot, yard or branch where vehicles are based.'
            : 'Your companies have no locations yet. An administrator adds them.'
        }
      >
        {(items) => (
          <RecordList
            label="Locations"
            nameHeader="Location"
            records={items}
            subtitle={(location) => <span className="font-mono">{location.code}</span>}
            columns={COLUMNS}
            cardDetails={(location) => (
              <div className="text-sm">
                <p>{location.companyName}</p>
                {location.address && <p className="text-muted-foreground truncate">{location.address}</p>}
              </div>
            )}
            claimsHref={claimsHref}
            rowAction={canPrintCards ? vehicleCardsLink : undefined}
            {...screen.list}
          />
        )}
      </ListFrame>
      <RecordSheet {...screen.sheet} claimsHref={claimsHref} content={sheetContent} />
      <LocationFormDialog
        open={screen.editing !== null}
        location={screen.editing}
        companies={companies}
        onOpenChange={(open) => !open && screen.closeEditor()}
      />
      {screen.confirmation}
    </div>
  );
}
