import type { ProfileData } from '@pasal/contract/profile';
import axios from 'axios';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TextInput } from '../../components/text-input';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { AvatarUpload } from './avatar-upload';
import {
  type ProfileErrors,
  type ProfileForm,
  toUpdateRequest,
  validateProfile,
} from './edit-profile-validation';
import { updateProfile } from './profile-api';

function formOf(data: ProfileData): ProfileForm {
  return {
    first_name: data.user.first_name ?? '',
    middle_name: data.user.middle_name ?? '',
    last_name: data.user.last_name ?? '',
    gender: data.profile.gender ?? '',
    date_of_birth: data.profile.date_of_birth ?? '',
  };
}

/** Statuses below 500 are answers to show; anything else is an error of its own. */
function updateFailure(error: unknown): string {
  if (axios.isAxiosError(error) && error.response && error.response.status < 500) {
    const data = error.response.data as { message?: unknown; error?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (typeof data?.error === 'string' && data.error) return data.error;
    return msg('Update failed');
  }
  return msg('Error updating profile');
}

/** Today's date in the user's own time zone, as YYYY-MM-DD (toISOString would give the UTC date). */
function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface EditProfileFormProps {
  data: ProfileData;
  email: string;
  phone: string;
}

export function EditProfileForm({ data, email, phone }: EditProfileFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(() => formOf(data));
  const [image, setImage] = useState(data.profile.image);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const res = await updateProfile(toUpdateRequest(form));
      if (res.status !== 200 && res.status !== 201) {
        toast.error(t('Unexpected response from server'));
        setSaving(false);
        return;
      }
      toast.success(t('Profile updated successfully'));
      navigate('/profile', { state: { reload: true } });
    } catch (error) {
      toast.error(translateText(updateFailure(error)));
      setSaving(false);
    }
  };

  const name = [form.first_name, form.last_name].join(' ').trim();
  return (
    <form onSubmit={submit} noValidate>
      <div className="mb-3">
        <AvatarUpload image={image} name={name} onUploaded={(next) => next && setImage(next)} />
      </div>
      <div className="row g-2">
        <TextInput
          className="col-md-4 mb-3"
          label={t('First name')}
          autoComplete="given-name"
          maxLength={100}
          value={form.first_name}
          onChange={(v) => set('first_name', v)}
          error={errors.first_name}
        />
        <TextInput
          className="col-md-4 mb-3"
          label={t('Middle name (optional)')}
          autoComplete="additional-name"
          maxLength={100}
          value={form.middle_name}
          onChange={(v) => set('middle_name', v)}
          error={errors.middle_name}
        />
        <TextInput
          className="col-md-4 mb-3"
          label={t('Last name')}
          autoComplete="family-name"
          maxLength={100}
          value={form.last_name}
          onChange={(v) => set('last_name', v)}
          error={errors.last_name}
        />
      </div>
      <div className="row g-2">
        <TextInput className="col-md-6 mb-3" label={t('Phone')} value={phone} onChange={() => {}} readOnly />
        <TextInput className="col-md-6 mb-3" label={t('Email')} value={email} onChange={() => {}} readOnly />
      </div>
      <div className="row g-2">
        <div className="col-md-6 mb-3">
          <label htmlFor="edit-gender" className="form-label">
            {t('Gender')}
          </label>
          <select
            id="edit-gender"
            className="form-select"
            value={form.gender}
            onChange={(e) => set('gender', e.target.value as ProfileForm['gender'])}
          >
            <option value="">{t('Prefer not to say')}</option>
            <option value="Male">{t('Male')}</option>
            <option value="Female">{t('Female')}</option>
            <option value="Other">{t('Other')}</option>
          </select>
        </div>
        <TextInput
          className="col-md-6 mb-3"
          label={t('Date of birth')}
          type="date"
          min="1900-01-01"
          max={today()}
          value={form.date_of_birth}
          onChange={(v) => set('date_of_birth', v)}
        />
      </div>
      <div className="d-flex gap-2 justify-content-end">
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={saving}
          onClick={() => navigate('/profile')}
        >
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-success" disabled={saving}>
          {saving ? t('Saving...') : t('Save')}
        </button>
      </div>
    </form>
  );
}
