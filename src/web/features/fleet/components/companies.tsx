import { ArrowRightIcon, Building2Icon, MapPinPlusIcon } from 'lucide-react';
import type { Company } from '@shared/fleet';
import { formatCents } from '@shared/money';
import { Link } from 'wouter';

import { ListFrame, WrittenText } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { createFormHref } from '../../../hooks/use-create-dialog-param';
import { useCompanies } from '../api/get-companies';
import { useCompany } from '../api/get-company';
import { useUpdateCompanyMutation } from '../api/update-company';
import { CompanyFormDialog } from './company-form-dialog';
import { FleetListToolbar } from './fleet-list-toolbar';
import { useRecordScreen } from '../hooks/use-record-screen';
import { RecordList, RecordListSkeleton, type RecordColumn } from './record-list';
import { openClaimsHref } from './record-summary';
import { emailLink, phoneLink, RecordSheet, type RecordSheetContent } from './record-sheet';

const claimsHref = (company: Company) => openClaimsHref('companyId', company.id);

function Contact({ company }: { company: Company }) {
  if (!company.contactName && !company.contactEmail && !company.contactPhone)
    return <span className="text-muted-foreground">—</span>;
  return (
    <div className="min-w-0 leading-tight">
      <p className="truncate">{company.contactName ?? company.contactEmail ?? company.contactPhone}</p>
      {company.contactName && (company.contactEmail || company.contactPhone) && (
        <p className="text-muted-foreground truncate text-xs">
          {company.contactEmail ?? company.contactPhone}
        </p>
      )}
    </div>
  );
}

const COLUMNS: RecordColumn<Company>[] = [
  {
    id: 'contact',
    header: 'Contact',
    className: 'hidden max-w-56 lg:table-cell',
    cell: (company) => <Contact company={company} />,
  },
];

function sheetContent(
  company: Company,
  { canSeeLocations, canAddLocations }: { canSeeLocations: boolean; canAddLocations: boolean },
): RecordSheetContent {
  return {
    title: company.name,
    description: `Company · ${company.code}`,
    rows: [
      { label: 'Code', value: <span className="font-mono">{company.code}</span> },
      { label: 'Contact', value: company.contactName },
      { label: 'Email', value: emailLink(company.contactEmail) },
      { label: 'Phone', value: phoneLink(company.contactPhone) },
      { label: 'Billing address', value: company.billingAddress },
      {
        label: 'Auto-approval limit',
        value:
          company.autoApprovalLimitCents === null
            ? 'None: a manager decides every authorization'
            : `${formatCents(company.autoApprovalLimitCents)} (mechanical authorizations)`,
      },
    ],
    extra: (
      <>
        {company.notes && <WrittenText label="Notes">{company.notes}</WrittenText>}
        {(canSeeLocations || canAddLocations) && (
          <div className="flex flex-wrap gap-2">
            {canSeeLocations && (
              <Button asChild variant="outline">
                <Link href={`/locations?companyId=${encodeURIComponent(company.id)}`}>
                  Locations of {company.name}
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            )}
            {canAddLocations && (
              <Button asChild variant="outline">
                <Link href={createFormHref('/locations', { companyId: company.id })}>
                  <MapPinPlusIcon aria-hidden="true" />
                  Add location
                </Link>
              </Button>
            )}
          </div>
        )}
      </>
    ),
  };
}

/**
 * The Companies list: search, status and page in the address, each company's figures linking to its open
 * claims, details in a side sheet, and for admins editing and (de)activation. Creating a company lives in
 * the page header.
 */
export function Companies({
  canManage,
  canSeeLocations,
  canAddLocations,
}: {
  canManage: boolean;
  canSeeLocations: boolean;
  /** Offers "Add location" on a company's sheet: the location form with that company chosen. */
  canAddLocations: boolean;
}) {
  const screen = useRecordScreen<Company>({
    useList: useCompanies,
    useDetail: useCompany,
    mutation: useUpdateCompanyMutation(),
    noun: 'company',
    whatStays: 'Its locations, vehicles, claims and history stay',
    canManage,
  });

  return (
    <div className="grid gap-4">
      <FleetListToolbar
        label="Filter companies"
        searchLabel="Search companies"
        searchPlaceholder="Search name or code"
        {...screen.toolbar}
      />
      <ListFrame
        {...screen.frame}
        noun={['company', 'companies']}
        icon={<Building2Icon />}
        skeleton={<RecordListSkeleton label="Loading companies" nameHeader="Company" columns={COLUMNS} />}
        emptyText={
          canManage
            ? 'Create the first company with “Create company”. Its locations, vehicles and claims follow.'
            : 'You are not linked to any company yet. An administrator can add you to one.'
        }
      >
        {(items) => (
          <RecordList
            label="Companies"
            nameHeader="Company"
            records={items}
            subtitle={(company) => <span className="font-mono">{company.code}</span>}
            columns={COLUMNS}
            cardDetails={(company) =>
              company.contactName || company.contactEmail || company.contactPhone ? (
                <div className="text-sm">
                  <Contact company={company} />
                </div>
              ) : null
            }
            claimsHref={claimsHref}
            {...screen.list}
          />
        )}
      </ListFrame>
      <RecordSheet
        {...screen.sheet}
        claimsHref={claimsHref}
        content={(company) => sheetContent(company, { canSeeLocations, canAddLocations })}
      />
      <CompanyFormDialog
        open={screen.editing !== null}
        company={screen.editing}
        onOpenChange={(open) => !open && screen.closeEditor()}
      />
      {screen.confirmation}
    </div>
  );
}
