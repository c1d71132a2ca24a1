import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Column } from './data-table';
import { PagedDataTable } from './paged-data-table';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [{ key: 'name', header: 'Name', sortKey: 'name', render: (r) => r.name }];
const texts = { caption: 'People', empty: 'Nobody.', pages: 'People pages', columns };
const params = { page: 1, sort: 'name', order: 'asc' as const };

describe('PagedDataTable', () => {
  it('sorts and turns pages through set; the pager is there while loading', { timeout: 20_000 }, async () => {
    const set = vi.fn();
    const { rerender } = render(
      <PagedDataTable {...texts} page={undefined} loading params={params} set={set} pageSize={1} />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toHaveTextContent('Loading…');
    expect(screen.getByRole('navigation', { name: 'People pages' })).toHaveTextContent('No results');
    rerender(
      <PagedDataTable
        {...texts}
        page={{ count: 2, results: [{ id: 1, name: 'Sita' }] }}
        loading={false}
        params={params}
        set={set}
        pageSize={1}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(set).toHaveBeenLastCalledWith({ sort: 'name', order: 'desc' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'People pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    expect(set).toHaveBeenLastCalledWith({ page: 2 });
  });

  it('pagerOnceLoaded: no pager until the page has come', () => {
    const { rerender } = render(
      <PagedDataTable
        {...texts}
        page={undefined}
        loading
        params={params}
        set={vi.fn()}
        pageSize={1}
        pagerOnceLoaded
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(
      <PagedDataTable
        {...texts}
        page={{ count: 0, results: [] }}
        loading={false}
        params={params}
        set={vi.fn()}
        pageSize={1}
        pagerOnceLoaded
      />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toHaveTextContent('Nobody.');
    expect(screen.getByRole('navigation', { name: 'People pages' })).toHaveTextContent('No results');
  });
});
