import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { adminProblem } from './admin-problem';
import { changedFields, StaleEditNotice, staleCurrent } from './stale-edit';

function answer(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, null, { status, statusText: '', headers: {}, config, data });
}

describe('adminProblem', () => {
  it('reads the message, the field errors and a stale edit’s current record', () => {
    expect(
      adminProblem(answer(400, { message: 'Invalid', error: { title: ['Title is required'] } })),
    ).toEqual({
      status: 400,
      message: 'Invalid',
      fieldErrors: { title: ['Title is required'] },
    });
    const stale = adminProblem(
      answer(409, { message: 'Someone else changed this', current: { id: 3, version: 4 } }),
    );
    expect(staleCurrent(stale)).toEqual({ id: 3, version: 4 });
    expect(staleCurrent(adminProblem(answer(409, { message: 'In use' })))).toBeNull();
    const offline = new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });
    expect(adminProblem(offline)).toMatchObject({
      status: null,
      message: expect.stringContaining('could not be reached'),
    });
  });
});

describe('StaleEditNotice', () => {
  const read = { title: 'Rice 5 kg', selling_price: 900, is_active: true, version: 3 };
  const current = { title: 'Rice 5 kg', selling_price: 850, is_active: false, version: 4 };
  const labels = { title: 'Title', selling_price: 'Selling price', is_active: 'Active' };

  it('lists only the fields the other person changed', () => {
    expect(changedFields(read, current, labels)).toEqual([
      { key: 'selling_price', label: 'Selling price', read: '900', now: '850' },
      { key: 'is_active', label: 'Active', read: 'true', now: 'false' },
    ]);
  });

  it('shows their change and loads their version on request', async () => {
    const onUseCurrent = vi.fn();
    render(<StaleEditNotice read={read} current={current} labels={labels} onUseCurrent={onUseCurrent} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Someone else changed this since you opened it')).toBeInTheDocument();
    const row = within(alert).getByRole('row', { name: /Selling price/ });
    expect(within(row).getByRole('cell', { name: '900' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '850' })).toBeInTheDocument();
    expect(within(alert).queryByRole('row', { name: /Title/ })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(onUseCurrent).toHaveBeenCalledWith(current);
  });
});
