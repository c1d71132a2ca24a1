import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeCheckout } from '../../test/fake-checkout-server';
import { renderPage } from '../../test/test-harness';
import { DeliveryCheckPage } from './delivery-check-page';

let server: ReturnType<typeof fakeCheckout> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const field = (label: string) => screen.getByLabelText(label);

/** Picks a place level by level, each list once it has loaded. */
async function choose(province: string, district: string, local: string) {
  await userEvent.selectOptions(field('Province'), await screen.findByRole('option', { name: province }));
  await userEvent.selectOptions(field('District'), await screen.findByRole('option', { name: district }));
  await userEvent.selectOptions(field('Municipality'), await screen.findByRole('option', { name: local }));
}

describe('Do we deliver to you? (a visitor, before shopping)', { timeout: 20_000 }, () => {
  it('a served local level names its nearest station and leads to the shop', async () => {
    server = fakeCheckout([]);
    renderPage(<DeliveryCheckPage />, { path: '/delivery-check' });
    expect(screen.getByRole('heading', { name: 'Do we deliver to you?', level: 1 })).toBeInTheDocument();
    await choose('Gandaki', 'Kaski', 'Pokhara Metropolitan City');
    expect(
      await screen.findByText('Yes, we deliver to Pokhara Metropolitan City, from Pokhara Hub (4 km away).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it('a local level no station serves says so; choosing another district clears the answer', async () => {
    server = fakeCheckout([]);
    renderPage(<DeliveryCheckPage />, { path: '/delivery-check' });
    await screen.findByRole('option', { name: 'Bagmati' });
    await userEvent.selectOptions(field('Province'), 'Bagmati');
    await userEvent.selectOptions(
      field('District'),
      await screen.findByRole('option', { name: 'Kathmandu' }),
    );
    await userEvent.selectOptions(
      field('Municipality'),
      await screen.findByRole('option', { name: 'Kirtipur Municipality' }),
    );
    expect(await screen.findByText('No service stations available for this location.')).toBeInTheDocument();
    await userEvent.selectOptions(field('District'), 'Lalitpur');
    expect(screen.queryByText('No service stations available for this location.')).toBeNull();
    expect(screen.queryByText(/^Yes, we deliver/)).toBeNull();
  });
});
