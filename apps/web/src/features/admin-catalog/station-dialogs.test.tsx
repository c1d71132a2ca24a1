import type { AdminStation } from '@pasal/contract/admin-stations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { replaceCoverage, replaceSlots } from './admin-catalog-api';
import { httpError } from './admin-catalog-fixtures';
import { CoverageEditor } from './coverage-editor';
import { SlotsEditor } from './slots-editor';

// The stations screen's two whole-list dialogs (coverage, delivery slots): each saves its list on
// the version it read, and after a 409 shows their list and can load it.

vi.mock('./admin-catalog-api', () => ({ replaceCoverage: vi.fn(), replaceSlots: vi.fn() }));
vi.mock('./local-level-picker', () => ({
  noLocalLevel: { municipality_id: null, name: '', district: '' },
  LocalLevelPicker: () => null,
}));

const station: AdminStation = {
  id: 3,
  name: 'Baneshwor',
  address: 'Baneshwor Chowk',
  location: {
    municipality_id: 1,
    municipality: 'Kathmandu',
    district_id: 1,
    district: 'Kathmandu',
    province_id: 3,
    province: 'Bagmati',
  },
  is_active: true,
  rule: { base_charge: 50, base_km: 3, per_km_charge: 15, free_from: 1500, same_day_km: 10 },
  coverage: [{ municipality_id: 1, municipality: 'Kathmandu', district: 'Kathmandu', distance_km: 2.5 }],
  delivery_slots: { cutoff_minutes: 60, slots: [{ id: 9, starts: '09:00', ends: '12:00', capacity: 20 }] },
  version: 4,
};

/** The 409 notice (the dialog's other alerts are the form's problem and toasts). */
async function staleNotice(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', {
    name: 'Someone else changed this since you opened it',
  });
  return heading.closest('.alert') as HTMLElement;
}

beforeEach(() => {
  vi.mocked(replaceCoverage).mockReset();
  vi.mocked(replaceSlots).mockReset();
});

describe('the delivery slots dialog', { timeout: 20_000 }, () => {
  it('saves the slots and cut-off on the version it read', async () => {
    vi.mocked(replaceSlots).mockResolvedValue({} as never);
    const onSaved = vi.fn();
    renderPage(<SlotsEditor station={station} onClose={() => {}} onSaved={onSaved} />);
    const dialog = screen.getByRole('dialog', { name: 'Delivery slots of Baneshwor' });
    await userEvent.clear(within(dialog).getByLabelText('Slot 1 orders a day'));
    await userEvent.type(within(dialog).getByLabelText('Slot 1 orders a day'), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a slot' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save slots' }));
    expect(replaceSlots).toHaveBeenCalledWith(3, {
      version: 4,
      cutoff_minutes: 60,
      slots: [
        { id: 9, starts: '09:00', ends: '12:00', capacity: 25 },
        { starts: '09:00', ends: '12:00', capacity: 20 },
      ],
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('refuses a capacity that is not a whole number, and says when there are no slots', async () => {
    renderPage(<SlotsEditor station={station} onClose={() => {}} onSaved={() => {}} />);
    await userEvent.clear(screen.getByLabelText('Slot 1 orders a day'));
    await userEvent.type(screen.getByLabelText('Slot 1 orders a day'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    expect(screen.getByRole('alert')).toHaveTextContent('must be whole numbers');
    expect(replaceSlots).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove slot 1' }));
    expect(screen.getByText('This station offers no delivery slots.')).toBeInTheDocument();
  });

  it('after a 409 shows their slots, loads them, and saves on their version', async () => {
    const theirs = {
      ...station,
      version: 5,
      delivery_slots: { cutoff_minutes: 30, slots: [{ id: 9, starts: '10:00', ends: '13:00', capacity: 5 }] },
    };
    vi.mocked(replaceSlots)
      .mockRejectedValueOnce(httpError(409, { message: 'Changed meanwhile', current: theirs }))
      .mockResolvedValueOnce({} as never);
    renderPage(<SlotsEditor station={station} onClose={() => {}} onSaved={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    const notice = await staleNotice();
    expect(within(notice).getByRole('row', { name: /Delivery slots/ })).toHaveTextContent(
      '09:00–12:00 (20); cut-off 60 min10:00–13:00 (5); cut-off 30 min',
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Load their version' }));
    expect(screen.queryByText('Someone else changed this since you opened it')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Slot 1 starts')).toHaveValue('10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    expect(replaceSlots).toHaveBeenLastCalledWith(3, {
      version: 5,
      cutoff_minutes: 30,
      slots: [{ id: 9, starts: '10:00', ends: '13:00', capacity: 5 }],
    });
  });
});

describe('the coverage dialog', { timeout: 20_000 }, () => {
  it('saves the distances on the version it read; removing the last says none is served', async () => {
    vi.mocked(replaceCoverage).mockResolvedValue({} as never);
    renderPage(<CoverageEditor station={station} onClose={() => {}} onSaved={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Local levels served by Baneshwor' });
    const distance = within(dialog).getByLabelText('Distance to Kathmandu in km');
    await userEvent.clear(distance);
    await userEvent.type(distance, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save coverage' }));
    expect(replaceCoverage).toHaveBeenCalledWith(3, {
      version: 4,
      coverage: [{ municipality: 1, distance_km: 4 }],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Kathmandu' }));
    expect(within(dialog).getByText('This station serves no local level yet.')).toBeInTheDocument();
  });

  it('after a 409 loads their coverage', async () => {
    const theirs = {
      ...station,
      version: 6,
      coverage: [{ municipality_id: 2, municipality: 'Lalitpur', district: 'Lalitpur', distance_km: 7 }],
    };
    vi.mocked(replaceCoverage).mockRejectedValueOnce(httpError(409, { message: 'Changed', current: theirs }));
    renderPage(<CoverageEditor station={station} onClose={() => {}} onSaved={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save coverage' }));
    const notice = await staleNotice();
    expect(within(notice).getByRole('row', { name: /Local levels served/ })).toHaveTextContent(
      'Kathmandu 2.5 kmLalitpur 7 km',
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Load their version' }));
    expect(screen.getByLabelText('Distance to Lalitpur in km')).toHaveValue('7');
  });
});
