import type { RiderOrder } from '@pasal/contract/riders';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { riderAction } from './rider-api';
import { RiderOrderCard } from './rider-order-card';

vi.mock('./rider-api', () => ({ riderAction: vi.fn() }));

const packed: RiderOrder = {
  id: 41,
  tracking_id: 'PSLABCDEFGHJK',
  order_status: 'Out for Delivery',
  customer: { name: 'Sita Sharma', phone: '9800000001' },
  address: {
    location: 'Baneshwor',
    land_mark: 'Near the temple',
    municipality: 'Kathmandu',
    municipality_ne: 'काठमाडौं',
    district: 'Lalitpur',
    district_ne: 'ललितपुर',
  },
  map_url: 'https://www.google.com/maps/search/?api=1&query=Kathmandu',
  station: null,
  slot: null,
  payment_method: 'cash',
  total: 1250.5,
  to_collect: 1250.5,
  items_count: 3,
  cash_collected: null,
  delivered_at: null,
  attempts: 0,
};

beforeEach(() => {
  vi.mocked(riderAction).mockReset();
});
afterEach(() => applyLanguage('en'));

describe('RiderOrderCard', () => {
  it('shows the delivery in English', () => {
    render(<RiderOrderCard order={packed} onChanged={() => {}} />);
    const card = screen.getByRole('article', { name: /Sita Sharma/ });
    expect(card).toHaveTextContent('Baneshwor, Kathmandu, Lalitpur');
    expect(within(card).getByText('Collect Rs 1,250.5')).toBeVisible();
    expect(card).toHaveTextContent('3 items');
    expect(within(card).getByRole('link', { name: 'Call 9800000001' })).toHaveAttribute(
      'href',
      'tel:9800000001',
    );
  });

  it('speaks Nepali: amounts and counts in Nepali digits, places by their Nepali names', async () => {
    await applyLanguage('ne');
    render(<RiderOrderCard order={packed} onChanged={() => {}} />);
    const card = screen.getByRole('article', { name: /Sita Sharma डेलिभरीका लागि निस्कियो/ });
    expect(card).toHaveTextContent('Baneshwor, काठमाडौं, ललितपुर');
    expect(card).toHaveTextContent('चिनिने ठाउँ: Near the temple');
    expect(within(card).getByText('लिनुपर्ने नगद: रु १,२५०.५')).toBeVisible();
    expect(card).toHaveTextContent('३ सामान');
    // The number a phone dials stays in Latin digits.
    expect(within(card).getByRole('link', { name: 'फोन 9800000001' })).toHaveAttribute(
      'href',
      'tel:9800000001',
    );
    expect(within(card).getByRole('link', { name: 'नक्सा' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'डेलिभर भयो' })).toBeVisible();
  });

  it('hands an order back with the reason picked from the Nepali list, sent as its code', async () => {
    await applyLanguage('ne');
    vi.mocked(riderAction).mockResolvedValue({ ...packed, order_status: 'Packed' });
    const onChanged = vi.fn();
    render(<RiderOrderCard order={packed} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'डेलिभर गर्न सकिएन' }));
    const reason = screen.getByRole('combobox', { name: 'कारण' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'ग्राहकसँग सम्पर्क हुन सकेन',
      'ग्राहक घरमा हुनुहुन्नथ्यो',
      'ठेगाना भेटिएन',
      'ग्राहकले अर्डर लिन अस्वीकार गर्नुभयो',
      'अन्य',
    ]);
    fireEvent.change(reason, { target: { value: 'Address not found' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'टिप्पणी' }), { target: { value: 'गेट बन्द' } });
    fireEvent.click(screen.getByRole('button', { name: 'पसललाई फिर्ता दिनुहोस्' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(riderAction).toHaveBeenCalledWith(41, 'not-delivered', {
      reason: 'Address not found',
      note: 'गेट बन्द',
    });
  });

  it("tells the server's refusal in Nepali", async () => {
    await applyLanguage('ne');
    const refused = Object.assign(new Error('Request failed'), {
      isAxiosError: true,
      response: { status: 400, data: { message: 'Enter the cash you collected.' } },
    });
    vi.mocked(riderAction).mockImplementation(async () => {
      throw refused;
    });
    render(<RiderOrderCard order={packed} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'डेलिभर भयो' }));
    expect(screen.getByRole('spinbutton', { name: 'लिएको नगद (रु)' })).toHaveValue(1250.5);
    fireEvent.click(screen.getByRole('button', { name: 'डेलिभर भएको पक्का गर्नुहोस्' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('लिएको नगद लेख्नुहोस्।');
  });
});
