import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { OtpForm } from './otp-form';

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('');

function renderForm(props: Partial<Parameters<typeof OtpForm>[0]> = {}) {
  const verify = vi.fn(async () => true);
  renderPage(<OtpForm title="Verify OTP" description="Enter the code" verify={verify} {...props} />);
  return { verify };
}

describe('OTP boxes', () => {
  it('has six labelled single-digit boxes and moves to the next box as digits are typed', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(box(1));
    await user.keyboard('12');
    expect(values()).toBe('12');
    expect(box(3)).toHaveFocus();
  });

  it('accepts digits only', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(box(1));
    await user.keyboard('a-7');
    expect(box(1)).toHaveValue('7');
    expect(box(2)).toHaveFocus();
  });

  it('goes back and clears the previous box on backspace in an empty box', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(values()).toBe('12');
  });

  it('replaces a digit typed into a filled box', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('9');
    expect(values()).toBe('92');
    expect(box(2)).toHaveFocus();
  });

  it('fills all six boxes from a pasted code', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(box(3));
    await user.paste('654321');
    expect(values()).toBe('654321');
  });

  it('keeps Verify OTP disabled until all six digits are in, then verifies the code', async () => {
    const { verify } = renderForm();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Verify OTP' });
    await user.click(box(1));
    await user.keyboard('12345');
    expect(button).toBeDisabled();
    await user.keyboard('6');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(verify).toHaveBeenCalledWith('123456');
  });
});

describe('resend countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from 60 s, allows a resend only at 0 and restarts at 60 after a send', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => true);
    renderForm({ send });
    expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Resend OTP in 59s')).toBeInTheDocument();
    for (let i = 0; i < 59; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(screen.queryByText(/Resend OTP in/)).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
  });

  it('stays at 0 when the send fails', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => false);
    renderForm({ send });
    for (let i = 0; i < 60; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
  });

  it('sends a code on arrival when asked to', async () => {
    const send = vi.fn(async () => true);
    renderForm({ send, sendOnArrival: true });
    await act(async () => {});
    expect(send).toHaveBeenCalledTimes(1);
  });
});
