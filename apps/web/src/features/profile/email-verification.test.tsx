import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailVerification } from './email-verification';
import { sendEmailVerificationCode, verifyEmailCode } from './email-verification-api';

vi.mock('./email-verification-api', () => ({
  sendEmailVerificationCode: vi.fn(),
  verifyEmailCode: vi.fn(),
}));

function answer(message: string) {
  return { data: { message } } as Awaited<ReturnType<typeof verifyEmailCode>>;
}

function refused(message: string) {
  return Object.assign(new Error('Request failed'), {
    isAxiosError: true,
    response: { status: 400, data: { message } },
  });
}

beforeEach(() => {
  vi.mocked(sendEmailVerificationCode).mockReset();
  vi.mocked(verifyEmailCode).mockReset();
});

describe('EmailVerification', () => {
  it('sends a code to the address and proves it with the code', async () => {
    vi.mocked(sendEmailVerificationCode).mockResolvedValue(
      answer('We have sent a verification code to your email.'),
    );
    vi.mocked(verifyEmailCode).mockResolvedValue(answer('Your email address is verified.'));
    const onVerified = vi.fn();
    render(<EmailVerification email="sita@example.com" onVerified={onVerified} />);
    expect(screen.getByText(/We send order emails only to a verified address/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    const code = await screen.findByLabelText('Code sent to sita@example.com');
    expect(sendEmailVerificationCode).toHaveBeenCalledWith('sita@example.com');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(verifyEmailCode).toHaveBeenCalledWith({ email: 'sita@example.com', otp: '123456' });
  });

  it("shows the server's reason for a wrong code and stays on the code step", async () => {
    vi.mocked(sendEmailVerificationCode).mockResolvedValue(answer('sent'));
    vi.mocked(verifyEmailCode).mockRejectedValue(refused('Invalid OTP'));
    const onVerified = vi.fn();
    render(<EmailVerification email="sita@example.com" onVerified={onVerified} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    fireEvent.change(await screen.findByLabelText('Code sent to sita@example.com'), {
      target: { value: '000000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
    expect(onVerified).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('asks for six digits before sending anything', async () => {
    vi.mocked(sendEmailVerificationCode).mockResolvedValue(answer('sent'));
    render(<EmailVerification email="sita@example.com" onVerified={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    fireEvent.change(await screen.findByLabelText('Code sent to sita@example.com'), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid 6-digit OTP');
    expect(verifyEmailCode).not.toHaveBeenCalled();
  });

  it('shows why a code could not be sent', async () => {
    vi.mocked(sendEmailVerificationCode).mockRejectedValue(
      refused('Please wait 42 seconds before requesting another OTP.'),
    );
    render(<EmailVerification email="sita@example.com" onVerified={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 42 seconds');
    expect(screen.getByRole('button', { name: 'Verify email' })).toBeEnabled();
  });
});
