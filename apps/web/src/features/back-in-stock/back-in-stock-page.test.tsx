import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBackInStock } from '../../test/fake-back-in-stock';
import { renderWithApp } from '../../test/render';
import { BackInStockPage } from './back-in-stock-page';

let fake: ReturnType<typeof fakeBackInStock> | undefined;
afterEach(() => fake?.restore());

describe('profile: stock alerts', () => {
  it('lists the open requests with their channel and a link to the product; Remove takes one away', async () => {
    fake = fakeBackInStock();
    fake.seed(5, 'sms');
    fake.seed(6, 'email');
    renderWithApp(<BackInStockPage />);
    const list = await screen.findByRole('list', { name: 'Stock alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Product 6By e-mail, once it is backRemove',
      'Product 5By SMS, once it is backRemove',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Product 6' })).toHaveAttribute(
      'href',
      '/detail/product-6',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 6' }));
    expect(await screen.findByRole('button', { name: 'Remove Product 5' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 6' })).not.toBeInTheDocument();
    expect(fake.entries.map((e) => e.product)).toEqual([5]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 5' }));
    expect(
      await screen.findByText('You have no stock alerts. Out-of-stock products have a "Notify me" button.'),
    ).toBeInTheDocument();
  });
});
