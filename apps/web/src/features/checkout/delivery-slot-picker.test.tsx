import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { DeliverySlotPicker } from './delivery-slot-picker';
import type { SlotOption } from './use-delivery-slots';

const slot = (
  id: number,
  date: string,
  starts: string,
  ends: string,
  reason: SlotOption['reason'] = null,
) => ({
  id,
  date,
  starts,
  ends,
  available: reason === null,
  reason,
});

const SLOTS: SlotOption[] = [
  slot(1, '2026-11-26', '09:00', '12:00', 'closed'),
  slot(2, '2026-11-26', '12:00', '15:00', 'full'),
  slot(3, '2026-11-26', '15:00', '18:00'),
  slot(1, '2026-11-27', '09:00', '12:00'),
];

function Picker({ slots }: { slots: SlotOption[] }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <DeliverySlotPicker slots={slots} value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('the delivery slot picker', () => {
  it('chooses the earliest open slot, shows the others disabled with the reason, and lets the shopper pick', async () => {
    render(<Picker slots={SLOTS} />);
    const picker = screen.getByRole('group', { name: 'Delivery Slot' });
    const today = within(picker).getByRole('group', { name: /^Today, Nov 26, 2026/ });
    expect(within(today).getByRole('radio', { name: '09:00–12:00 (Closed for orders)' })).toBeDisabled();
    expect(within(today).getByRole('radio', { name: '12:00–15:00 (Full)' })).toBeDisabled();
    expect(within(today).getByRole('radio', { name: '15:00–18:00' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('3@2026-11-26');

    const tomorrow = within(picker).getByRole('group', { name: /^Tomorrow, Nov 27, 2026/ });
    await userEvent.click(within(tomorrow).getByRole('radio', { name: '09:00–12:00' }));
    expect(within(tomorrow).getByRole('radio', { name: '09:00–12:00' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1@2026-11-27');
  });

  it('says so when no slot can take the order, and chooses none', () => {
    render(<Picker slots={SLOTS.slice(0, 2)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No delivery slots are left for today or tomorrow.');
    expect(
      screen.getAllByRole('radio').every((radio) => radio instanceof HTMLInputElement && radio.disabled),
    ).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });

  it('shows nothing for a station without slots', () => {
    render(<Picker slots={[]} />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('speaks Nepali, with the Bikram Sambat day', async () => {
    await applyLanguage('ne');
    try {
      render(<Picker slots={SLOTS} />);
      const picker = screen.getByRole('group', { name: 'डेलिभरी समय' });
      expect(within(picker).getByRole('group', { name: /^आज, २०८३ मंसिर १०/ })).toBeInTheDocument();
      expect(within(picker).getByRole('radio', { name: '12:00–15:00 (भरिएको)' })).toBeDisabled();
    } finally {
      await applyLanguage('en');
    }
  });
});
