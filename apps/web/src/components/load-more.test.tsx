import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ListPage, usePagedList } from '../lib/use-paged-list';
import { LoadMore } from './load-more';

type Item = { id: number; title: string };

/** A list of `total` items served `size` a page, with the pages in `failing` failing once each. */
function server(total: number, size: number, failing: number[] = []) {
  const asked: number[] = [];
  const load = async (page: number): Promise<ListPage<Item>> => {
    asked.push(page);
    const index = failing.indexOf(page);
    if (index >= 0) {
      failing.splice(index, 1);
      throw new Error('offline');
    }
    const results = Array.from({ length: total }, (_, i) => ({ id: i + 1, title: `Item ${i + 1}` })).slice(
      (page - 1) * size,
      page * size,
    );
    return { results, count: total, next: page * size < total ? `?page=${page + 1}` : null };
  };
  return { load, asked };
}

function List({ load }: { load: (page: number) => Promise<ListPage<Item>> }) {
  const list = usePagedList<Item>((page) => load(page), []);
  if (list.loading) return <p>Loading...</p>;
  return (
    <>
      <p>{list.count} in all</p>
      <ul>
        {list.items.map((i) => (
          <li key={i.id}>{i.title}</li>
        ))}
      </ul>
      <LoadMore
        hasMore={list.hasMore}
        loading={list.loadingMore}
        failed={list.moreError !== undefined}
        onLoadMore={list.loadMore}
      />
    </>
  );
}

describe('an endless list with its Load more button (no IntersectionObserver here)', () => {
  it('adds page after page until the list ends, then the button goes', async () => {
    const user = userEvent.setup();
    const shop = server(5, 2);
    render(<List load={shop.load} />);
    expect(await screen.findByText('5 in all')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Item 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Item 5')).toBeInTheDocument();

    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Item 1',
      'Item 2',
      'Item 3',
      'Item 4',
      'Item 5',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    expect(shop.asked).toEqual([1, 2, 3]);
    // Three pages of user events: generous on a loaded machine.
  }, 15_000);

  it('says a page failed, keeps what it has, and tries the same page again', async () => {
    const user = userEvent.setup();
    const shop = server(4, 2, [2]);
    render(<List load={shop.load} />);
    await user.click(await screen.findByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Could not load more products.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Item 4')).toBeInTheDocument();
    expect(shop.asked).toEqual([1, 2, 2]);
  });

  it('shows an item that moved to the next page between two reads only once', async () => {
    const user = userEvent.setup();
    // Page 2 starts with the last item of page 1 (a product was added before it meanwhile).
    const pages: Record<number, ListPage<Item>> = {
      1: { results: [1, 2].map((id) => ({ id, title: `Item ${id}` })), count: 4, next: '?page=2' },
      2: { results: [2, 3].map((id) => ({ id, title: `Item ${id}` })), count: 4, next: null },
    };
    render(<List load={async (page) => pages[page]} />);
    await user.click(await screen.findByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Item 3')).toBeInTheDocument();
    expect(screen.getAllByText('Item 2')).toHaveLength(1);
  });

  it('a plain array answer (no paging fields) is the whole list', async () => {
    render(<List load={async () => ({ results: [{ id: 9, title: 'Item 9' }] })} />);
    expect(await screen.findByText('1 in all')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
  });
});
