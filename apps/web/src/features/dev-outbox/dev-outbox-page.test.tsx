import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { AxiosError, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevOutboxPage } from './dev-outbox-page';

describe('DevOutboxPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts its table in a focusable, named region, so the keyboard can scroll it sideways', async () => {
    vi.spyOn(axios, 'get').mockResolvedValue({
      data: {
        results: [
          {
            to: '9812345670',
            channel: 'sms',
            text: 'Your Pasal verification code is 123456.',
            otp: '123456',
            created_at: '2026-01-05T10:00:00.000Z',
          },
        ],
      },
    });
    const router = createMemoryRouter([{ path: '/dev/outbox', element: <DevOutboxPage /> }], {
      initialEntries: ['/dev/outbox?to=9812345670'],
    });
    render(<RouterProvider router={router} />);
    const region = await screen.findByRole('region', { name: 'Messages' });
    expect(region).toContainElement(screen.getByRole('table'));
    expect(screen.getByRole('cell', { name: '123456' })).toBeInTheDocument();

    // Tab order: the recipient field, its button, then the table's scroller.
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Recipient (phone number or e-mail)'));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show messages' })).toHaveFocus();
    await user.tab();
    expect(region).toHaveFocus();
  });

  it('shows the parts each SMS is billed as, and what all SMS to the recipient cost', async () => {
    vi.spyOn(axios, 'get').mockResolvedValue({
      data: {
        results: [
          {
            to: '9812345670',
            channel: 'sms',
            text: 'पसल: प्रमाणीकरण कोड 123456 हो। १० मिनेटसम्म मान्य। कसैलाई नदिनुहोस्।',
            otp: '123456',
            segments: 1,
            created_at: '2026-01-05T10:00:00.000Z',
          },
          {
            to: 'asha@example.com',
            channel: 'email',
            text: 'Namaste',
            otp: null,
            segments: null,
            created_at: '2026-01-05T09:00:00.000Z',
          },
        ],
        totals: { sms_messages: 4, sms_segments: 7 },
      },
    });
    const router = createMemoryRouter([{ path: '/dev/outbox', element: <DevOutboxPage /> }], {
      initialEntries: ['/dev/outbox?to=9812345670'],
    });
    render(<RouterProvider router={router} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'SMS parts' })).toBeInTheDocument();
    const [, sms, email] = within(table).getAllByRole('row');
    expect(within(sms).getAllByRole('cell').at(-3)).toHaveTextContent(/^1$/);
    expect(within(email).getAllByRole('cell').at(-3)).toHaveTextContent(/^—$/);
    expect(screen.getByText('SMS to 9812345670: 4 messages, billed as 7 parts')).toBeInTheDocument();
  });

  it("shows each message's delivery: sent, queued, or failed after its attempts", async () => {
    const message = (text: string, extra: object) => ({
      to: '9812345670',
      channel: 'sms',
      text,
      otp: null,
      segments: 1,
      created_at: '2026-01-05T10:00:00.000Z',
      error: null,
      ...extra,
    });
    vi.spyOn(axios, 'get').mockResolvedValue({
      data: {
        results: [
          message('Pasal: Your order PSL1 is packed.', { status: 'sent', attempts: 0 }),
          message('Pasal: Your order PSL2 is packed.', { status: 'queued', attempts: 1, error: 'timeout' }),
          message('Pasal: Your order PSL3 is packed.', { status: 'failed', attempts: 5, error: 'refused' }),
        ],
        totals: { sms_messages: 3, sms_segments: 3 },
      },
    });
    const router = createMemoryRouter([{ path: '/dev/outbox', element: <DevOutboxPage /> }], {
      initialEntries: ['/dev/outbox'],
    });
    render(<RouterProvider router={router} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    const [, sent, queued, failed] = within(table).getAllByRole('row');
    expect(within(sent).getAllByRole('cell').at(-2)).toHaveTextContent(/^Sent$/);
    expect(within(queued).getAllByRole('cell').at(-2)).toHaveTextContent(/^Queued, 1 attempt$/);
    expect(within(failed).getAllByRole('cell').at(-2)).toHaveTextContent(/^Failed, 5 attempts$/);
  });

  it('says why when the server refuses it to another machine', async () => {
    const message = 'Development routes answer only requests from the machine the shop runs on (localhost).';
    vi.spyOn(axios, 'get').mockRejectedValue(
      new AxiosError('Forbidden', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 403,
        data: { message },
      } as AxiosResponse),
    );
    const router = createMemoryRouter([{ path: '/dev/outbox', element: <DevOutboxPage /> }], {
      initialEntries: ['/dev/outbox'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
