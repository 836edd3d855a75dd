import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DataTable, DataTableSkeleton, type DataColumn } from './data-table';
import { ListFrame, type ListPage } from './list-frame';
import { RowActions } from './row-actions';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

type Car = { id: string; name: string; plate: string };
const cars: Car[] = [
  { id: '1', name: 'Civic', plate: 'ABC 123' },
  { id: '2', name: 'Transit', plate: 'XYZ 789' },
];
const columns: DataColumn<Car>[] = [
  { id: 'name', header: 'Vehicle', skeleton: ['h-4 w-20'], cell: (car) => car.name },
  { id: 'plate', header: 'Plate', cell: (car) => car.plate },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    stopsRowClick: true,
    cell: (car) => (
      <RowActions name={car.name} actions={[{ label: 'Edit', icon: null, onSelect: () => {} }]} />
    ),
  },
];

/** A query as TanStack Query reports it, with only what the frame reads. */
function query(state: Partial<UseQueryResult<ListPage<Car>>>): UseQueryResult<ListPage<Car>> {
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    data: undefined,
    error: null,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<ListPage<Car>>;
}

function frame(state: Partial<UseQueryResult<ListPage<Car>>>, filtered = false) {
  const onClear = vi.fn();
  const onPageChange = vi.fn();
  render(
    <ListFrame
      query={query(state)}
      noun={['car', 'cars']}
      pageSize={25}
      icon={null}
      skeleton={<DataTableSkeleton label="Loading cars" columns={columns} />}
      filtered={filtered}
      emptyText="Add the first car."
      onClear={onClear}
      onPageChange={onPageChange}
    >
      {(items) => <DataTable label="Cars" columns={columns} rows={items} rowId={(car) => car.id} />}
    </ListFrame>,
  );
  return { onClear, onPageChange };
}

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('searches once typing pauses, trimmed, and not for each keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox value="" label="Search cars" placeholder="Name or plate" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search cars' });
    fireEvent.change(box, { target: { value: 'civ' } });
    fireEvent.change(box, { target: { value: 'civic ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('civic');
  });

  it('shows a search changed from elsewhere (Back, Clear filters)', () => {
    const { rerender } = render(
      <SearchBox value="civic" label="Search cars" placeholder="" onSearch={vi.fn()} />,
    );
    rerender(<SearchBox value="" label="Search cars" placeholder="" onSearch={vi.fn()} />);
    expect((screen.getByRole('searchbox', { name: 'Search cars' }) as HTMLInputElement).value).toBe('');
  });
});

describe('ListFrame and DataTable', () => {
  it('shows the table skeleton while the first page loads', () => {
    frame({ isPending: true });
    const table = screen.getByRole('table', { name: 'Loading cars' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getByRole('columnheader', { name: 'Vehicle' })).toBeTruthy();
  });

  it('lists the rows with their menus, and the paging below', () => {
    frame({ data: { items: cars, total: 27, page: 1, pageSize: 25 } });
    const table = screen.getByRole('table', { name: 'Cars' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Actions for Transit' })).toBeTruthy();
    expect(screen.getByText('Showing 1–25 of 27 cars')).toBeTruthy();
  });

  it('says what went wrong, with a way to try again', () => {
    const refetch = vi.fn();
    frame({ isError: true, error: new Error('Server unavailable'), refetch } as never);
    expect(screen.getByText('The cars could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('tells the three kinds of empty apart', () => {
    const { onPageChange } = frame({ data: { items: [], total: 3, page: 4, pageSize: 25 } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('offers to clear the filters when none match', () => {
    const { onClear } = frame({ data: { items: [], total: 0, page: 1, pageSize: 25 } }, true);
    expect(screen.getByText('No cars match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('says there are none yet, and what to do', () => {
    frame({ data: { items: [], total: 0, page: 1, pageSize: 25 } });
    expect(screen.getByText('No cars yet')).toBeTruthy();
    expect(screen.getByText('Add the first car.')).toBeTruthy();
  });
});

describe('DataTable', () => {
  it('opens a row on click, but not from a cell of controls, and hides columns by id', () => {
    const onOpen = vi.fn();
    render(
      <DataTable
        label="Cars"
        columns={columns}
        rows={cars}
        rowId={(car) => car.id}
        onOpen={onOpen}
        columnVisibility={{ plate: false }}
      />,
    );
    expect(screen.queryByRole('columnheader', { name: 'Plate' })).toBeNull();
    fireEvent.click(screen.getByText('Civic'));
    expect(onOpen).toHaveBeenCalledWith(cars[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Transit' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable sorting', () => {
  it('marks the sorted column and asks the screen to sort by the one clicked', () => {
    const onSort = vi.fn();
    const sortable = columns.map((column) => ({ ...column, sortable: column.id !== 'actions' }));
    render(
      <DataTable
        label="Cars"
        columns={sortable}
        rows={cars}
        rowId={(car) => car.id}
        sort={{ column: 'plate', order: 'desc' }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Plate' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Vehicle' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Vehicle' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });
});
