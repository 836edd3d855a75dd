import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { TableHead, TableHeader, TableRow } from './table';
import { TableSkeleton } from './table-skeleton';

afterEach(cleanup);

const header = (
  <TableHeader>
    <TableRow>
      <TableHead>Name</TableHead>
      <TableHead className="hidden md:table-cell">Email</TableHead>
      <TableHead />
    </TableRow>
  </TableHeader>
);

describe('TableSkeleton', () => {
  it('is a busy table with its label and header, and rows of cells like the real ones', () => {
    render(
      <TableSkeleton
        label="Loading people"
        header={header}
        rows={3}
        cells={[
          { avatar: true, bars: ['h-4 w-32', 'h-3 w-20'] },
          { className: 'hidden md:table-cell', bars: ['h-4 w-44'] },
          { className: 'pr-4' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Loading people' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeTruthy();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [person, email, actions] = within(rows[0]!).getAllByRole('cell') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(person.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
    expect(person.querySelector('.rounded-full')).not.toBeNull();
    expect(email.className).toContain('hidden md:table-cell');
    expect(email.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(1);
    expect(actions.className).toContain('pr-4');
    expect(actions.childElementCount).toBe(0);
  });
});
