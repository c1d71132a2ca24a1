import type { ProfileData } from '@pasal/contract/profile';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { EditProfilePage } from './edit-profile-page';
import { toUpdateRequest, validateProfile } from './edit-profile-validation';
import { updateProfile } from './profile-api';

vi.mock('./profile-api', () => ({
  updateProfile: vi.fn(),
  fetchProfile: vi.fn(),
  uploadProfilePicture: vi.fn(),
}));
const updateMock = vi.mocked(updateProfile);

const profile: ProfileData = {
  user: {
    first_name: 'Sita',
    middle_name: '',
    last_name: 'Sharma',
    email: 'sita@example.com',
    phone: '9812345678',
  },
  profile: { image: null, date_of_birth: '1995-01-05', gender: 'Female' },
};
const state = { email: 'sita@example.com', phone: '9812345678', profile };
const auth = { access: 'token', user_id: '1', refresh: 'r', isAuthenticated: true };
const open = () => renderPage(<EditProfilePage />, { path: '/edit-profile', state, auth });

describe('EditProfilePage', () => {
  beforeEach(() => {
    updateMock.mockReset();
  });

  it("limits the date of birth to today's local date, not the UTC date", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Kathmandu'; // UTC+05:45
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20:00 UTC on 10 March is already 01:45 on 11 March in Kathmandu.
    vi.setSystemTime(new Date('2024-03-10T20:00:00Z'));
    try {
      open();
      expect(screen.getByLabelText('Date of birth')).toHaveAttribute('max', '2024-03-11');
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('prefills the form; phone and e-mail are read-only', () => {
    open();
    expect(screen.getByLabelText('First name')).toHaveValue('Sita');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1995-01-05');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('option', { name: 'Other' })).toBeInTheDocument();
  });

  it('requires first and last name (after trimming) and caps names at 100 characters', async () => {
    open();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '   ');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'x'.repeat(101) } });
    fireEvent.change(screen.getByLabelText('Middle name (optional)'), { target: { value: 'y'.repeat(101) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Middle name must be at most 100 characters')).toBeInTheDocument();
    expect(updateMock).not.toHaveBeenCalled();
  });

  it('sends trimmed names, shows Saving... with the buttons disabled, then returns to /profile with reload', async () => {
    let answer!: (value: unknown) => void;
    updateMock.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    open();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '  Gita ');
    await user.selectOptions(screen.getByLabelText('Gender'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(updateMock).toHaveBeenCalledWith({
      user: { first_name: 'Gita', last_name: 'Sharma' },
      gender: null,
      date_of_birth: '1995-01-05',
    });
    answer({ status: 200, data: { message: 'Profile updated successfully' } });
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    // The toast and the navigation render separately: wait for the landing too.
    expect(await screen.findByTestId('landed')).toHaveTextContent('/profile {"reload":true}');
  });

  it('Cancel goes back to /profile', async () => {
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('landed')).toHaveTextContent('/profile');
  });
});

describe('profile payload', () => {
  it('keeps a middle name only when it is not blank', () => {
    const form = {
      first_name: ' A ',
      middle_name: ' B ',
      last_name: ' C ',
      gender: '' as const,
      date_of_birth: '',
    };
    expect(toUpdateRequest(form).user).toEqual({ first_name: 'A', middle_name: 'B', last_name: 'C' });
    expect(toUpdateRequest({ ...form, middle_name: '  ' }).user).toEqual({ first_name: 'A', last_name: 'C' });
    expect(validateProfile({ ...form, first_name: 'x'.repeat(100) })).toEqual({});
  });

  it("checks names by the sign-up form's rule: letters only", () => {
    const form = {
      first_name: 'सीता',
      middle_name: '',
      last_name: "D'Souza-Rai",
      gender: '' as const,
      date_of_birth: '',
    };
    expect(validateProfile(form)).toEqual({});
    expect(
      validateProfile({
        ...form,
        first_name: 'Visit https://x.example',
        middle_name: 'call 98',
        last_name: '<b>',
      }),
    ).toEqual({
      first_name: 'First name must contain only letters',
      middle_name: 'Middle name must contain only letters',
      last_name: 'Last name must contain only letters',
    });
  });
});
