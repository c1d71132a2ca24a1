import type { AdminBanner } from '@pasal/contract/admin-banners';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { consoleServer } from '../admin/orders/admin-orders-test-server';
import { sampleTree } from './admin-catalog-fixtures';
import { BannersPage } from './banners-page';
import { CategoriesPage } from './categories-page';

// Staff write both names; the console lists say, in words, what still lacks its Nepali name.

const banner = (id: number, title: string, nepali_title: string): AdminBanner => ({
  id,
  title,
  nepali_title,
  image: `/media/banners/b${id}.webp`,
  link: null,
  position: id,
  is_active: true,
  version: 2,
});
const named = banner(1, 'Dashain offers', 'दशैं अफर');
const unnamed = banner(2, 'Fresh every morning', '');

let server: ReturnType<typeof consoleServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

describe('Nepali names in the console', { timeout: 20_000 }, () => {
  it('the banner list flags the banner without a Nepali title, and an edit writes it', async () => {
    server = consoleServer((request) =>
      request.method === 'get'
        ? { status: 200, body: { count: 2, results: [named, unnamed] } }
        : { status: 200, body: { banner: { ...unnamed, nepali_title: 'हरेक बिहान ताजा', version: 3 } } },
    );
    renderPage(<BannersPage />);
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]).getByText('दशैं अफर')).toBeVisible();
    expect(within(rows[0]).queryByText('No Nepali name')).toBeNull();
    expect(within(rows[1]).getByText('No Nepali name')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Fresh every morning' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Fresh every morning' });
    await userEvent.type(within(dialog).getByLabelText('Nepali title'), 'हरेक बिहान ताजा');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Banner saved')).toBeVisible();
    expect(server.sent.filter((r) => r.method !== 'get')).toEqual([
      { method: 'patch', url: '/banners/2/', body: { version: 2, nepali_title: 'हरेक बिहान ताजा' } },
    ]);
  });

  it('the category tree flags each category without a Nepali title', async () => {
    const tree = [{ ...sampleTree[0], nepali_title: 'किराना' }];
    server = consoleServer(() => ({ status: 200, body: { results: tree } }));
    renderPage(<CategoriesPage />);
    const sub = await screen.findByRole('list', { name: 'Subcategories of Grocery' });
    expect(within(sub).getByText('No Nepali name')).toBeVisible();
    expect(screen.getAllByText('No Nepali name')).toHaveLength(1);
  });
});
