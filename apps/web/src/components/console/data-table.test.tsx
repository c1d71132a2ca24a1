import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table';
import { Pager } from './pager';

interface Row {
  id: number;
  name: string;
  total: number;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (r) => r.name },
  { key: 'total', header: 'Total', sortKey: 'total', numeric: true, render: (r) => `Rs ${r.total}` },
  { key: 'note', header: 'Note', render: () => '—' },
];
const rows: Row[] = [
  { id: 1, name: 'Sita', total: 100 },
  { id: 2, name: 'Ram', total: 50 },
];

describe('DataTable', () => {
  // Several renders and clicks: give a busy machine room.
  it('shows the rows and sorts by a column: ascending first, then descending', {
    timeout: 20_000,
  }, async () => {
    const onSort = vi.fn();
    const { rerender } = render(
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort="name"
        order="asc"
        onSort={onSort}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Rs 100' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    // Only sortable columns have a button.
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Total/ }));
    expect(onSort).toHaveBeenLastCalledWith('total', 'asc');
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');

    rerender(
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort="total"
        order="desc"
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /^Total/ }));
    expect(onSort).toHaveBeenLastCalledWith('total', 'asc');
  });

  it('says when nothing matches, and when it is still loading', () => {
    const { rerender } = render(
      <DataTable
        caption="People"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="No people match."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No people match.' })).toBeInTheDocument();
    rerender(<DataTable caption="People" columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('cell', { name: 'Loading…' })).toBeInTheDocument();
  });
});

describe('Pager', () => {
  it('says which items show and turns pages, not past either end', async () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager page={2} pageSize={20} count={95} onPage={onPage} label="People pages" />,
    );
    const nav = screen.getByRole('navigation', { name: 'People pages' });
    expect(within(nav).getByText('Showing 21–40 of 95')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 4' }));
    expect(onPage).toHaveBeenLastCalledWith(4);

    rerender(<Pager page={5} pageSize={20} count={95} onPage={onPage} />);
    expect(screen.getByText('Showing 81–95 of 95')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pager page={1} pageSize={20} count={0} onPage={onPage} />);
    expect(screen.getByText('No results')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });
});
