import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildRelatedClaim } from '../../../test/claim-factory';
import { renderApp } from '../../../test/render-app';
import { ClaimsCards } from './claims-cards';
import { ClaimsTable } from './claims-table';

const claim = buildRelatedClaim({
  claimNumber: 'CLM-000310',
  companyName: 'Northwestern Regional Freight Haulers Cooperative',
  locationName: 'Tacoma Tideflats Maintenance Yard',
  facilityName: 'Pacific Northwest Collision & Frame Specialists',
  assignee: { id: '5e5e5e5e-0000-4000-8000-000000000001', username: 'dreyes', name: 'Dana Reyes' },
  estimateAmountCents: 125050,
  approvedAmountCents: 98000,
  finalAmountCents: null,
});

const ALL_HEADERS = [
  'Claim',
  'Status',
  'Vehicle',
  'Company',
  'Facility',
  'Assignee',
  'Loss',
  'ETA',
  'Downtime',
  'Estimate',
  'Approved',
  'Final',
  'Updated',
];

function renderTable(columnVisibility: Record<string, boolean>) {
  renderApp(
    <ClaimsTable
      claims={[claim]}
      sort={{ sort: 'updatedAt', order: 'desc' }}
      onSort={() => {}}
      columnVisibility={columnVisibility}
    />,
  );
  return screen.getByRole('table', { name: 'Claims' });
}

/** A class that hides an element at some width: `hidden`, or `hidden` behind a breakpoint or container query. */
const hidesAtSomeWidth = (element: Element) =>
  [...element.classList].some((token) => token === 'hidden' || token.endsWith(':hidden'));

describe('all claims: the columns chosen fit', () => {
  it('shows every column ticked in the Columns menu at every width (the table scrolls instead)', () => {
    const table = renderTable({ finalAmount: true });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(ALL_HEADERS);
    const cells = [...headers, ...within(table).getAllByRole('cell')];
    expect(cells.filter(hidesAtSomeWidth).map((cell) => cell.textContent)).toEqual([]);
  });

  it('gives every text cut to its width its whole value as a title', () => {
    const table = renderTable({ finalAmount: true });
    const cut = [...table.querySelectorAll('.truncate')];
    expect(cut.length).toBeGreaterThan(4);
    expect(cut.filter((element) => !element.getAttribute('title'))).toEqual([]);
    for (const title of [
      'Northwestern Regional Freight Haulers Cooperative',
      'Tacoma Tideflats Maintenance Yard',
      'Pacific Northwest Collision & Frame Specialists',
      'Dana Reyes (@dreyes)',
      `${claim.vehicle.unitNumber} · ${claim.vehicle.year} ${claim.vehicle.make} ${claim.vehicle.model}`,
    ]) {
      expect(within(table).getByTitle(title)).toBeTruthy();
    }
  });
});

describe('all claims: the cards below 768 px', () => {
  it('show the amounts the claim has, and their cut lines whole as titles', () => {
    renderApp(<ClaimsCards claims={[claim]} />);
    const card = screen.getByRole('link', { name: /CLM-000310/ });
    const facts = [...card.querySelectorAll('dl > div')].map((fact) => fact.textContent);
    expect(facts).toContain('Estimate$1,250.50');
    expect(facts).toContain('Approved$980.00');
    expect(facts.filter((fact) => fact?.startsWith('Final'))).toEqual([]);
    expect(
      [...card.querySelectorAll('.truncate')].filter((element) => !element.getAttribute('title')),
    ).toEqual([]);
    expect(
      within(card).getByTitle(
        'Northwestern Regional Freight Haulers Cooperative · Tacoma Tideflats Maintenance Yard',
      ),
    ).toBeTruthy();
  });
});
