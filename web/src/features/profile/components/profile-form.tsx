import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/app/paths';
import { ApiError } from '@/lib/api-client';
import { imagePathFor } from '@/lib/images/fetch-image';
import { uploadImage } from '@/lib/images/upload-image';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { useProtectedImage } from '@/lib/images/use-protected-image';
import type { Profile } from '../api/get-profile';
import { setProfile, type Sex } from '../api/set-profile';
import {
  ageError,
  canSave,
  LOCATION_MESSAGE,
  MAX_AGE,
  MIN_AGE,
  parseLocation,
  toFormValues,
  toSetProfileInput,
  type ProfileFormValues,
} from '../utils/profile-form';

// The server's limits (libs/profiles/profile-rules.ts).
const BIO_MAX = 300;
const TEXT_MAX = 120;

function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Please try again.';
}

export type ProfileFormProps = { userId: string; profile: Profile | null };

export function ProfileForm({ userId, profile }: ProfileFormProps) {
  const navigate = useNavigate();
  const initial = toFormValues(profile);
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [touched, setTouched] = useState<{ location?: boolean; age?: boolean }>({});
  const [photo, setPhoto] = useState<File | null>(null);
  // Remounting the picture widget is how Reset clears a picked-but-unsaved photo.
  const [photoKey, setPhotoKey] = useState(0);
  const [saving, setSaving] = useState(false);
  // Without a profile the photo may still exist (uploaded at sign-up), so ask the image endpoint directly.
  const current = useProtectedImage(profile?.imageUrl ?? imagePathFor(userId));
  const bioId = useId();
  const bioCountId = useId();

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const locationInvalid = values.location.trim() !== '' && parseLocation(values.location) === null;
  const ageProblem = ageError(values.age);
  const saveable = canSave(values);

  function reset() {
    setValues(initial);
    setTouched({});
    setPhoto(null);
    setPhotoKey((k) => k + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!saveable || saving) return;
    toast.dismissErrors();
    setSaving(true);
    const pending = toast.loading('Saving...');
    try {
      await setProfile(toSetProfileInput(userId, values));
    } catch (error) {
      toast.dismiss(pending);
      toast.error('Profile not saved', errorMessage(error));
      setSaving(false);
      return;
    }
    if (photo) {
      try {
        await uploadImage({ id: userId, file: photo });
      } catch (error) {
        toast.dismiss(pending);
        toast.error('Your details were saved, but the photo was not', errorMessage(error));
        setSaving(false);
        return;
      }
    }
    toast.dismiss(pending);
    toast.success('Profile successfully updated!');
    navigate(paths.home);
  }

  return (
    <form className="profile-form" onSubmit={save} noValidate aria-label="Profile">
      <Card className="profile-form__photo" padding="md">
        <ImageUpload
          key={photoKey}
          variant="dropzone"
          label="Profile picture"
          initialPreviewUrl={current.src}
          onChange={setPhoto}
        />
        <p className="text-muted text-small">
          A clear, recent photo of you. It is only shown to your matches.
        </p>
      </Card>

      <Card className="profile-form__fields" padding="lg">
        <Field
          label="City & State"
          name="location"
          autoComplete="address-level2"
          placeholder="City, ST"
          maxLength={90}
          value={values.location}
          onChange={(e) => set('location', e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, location: true }))}
          hint={touched.location && locationInvalid ? undefined : 'For example: Austin, TX'}
          error={touched.location && locationInvalid ? LOCATION_MESSAGE : undefined}
          required
        />

        <Field
          label="Age"
          name="age"
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          step={1}
          value={values.age}
          onChange={(e) => set('age', e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, age: true }))}
          error={touched.age && ageProblem ? ageProblem : undefined}
          required
        />

        <SexChoice legend="Gender" name="gender" value={values.gender} onChange={(v) => set('gender', v)} />
        <SexChoice
          legend="Preferred Sex"
          name="preferredSex"
          value={values.preferredSex}
          onChange={(v) => set('preferredSex', v)}
        />

        <Field
          label="Major/Degree"
          name="education"
          placeholder="e.g. B.S. Computer Science"
          maxLength={TEXT_MAX}
          value={values.education}
          onChange={(e) => set('education', e.target.value)}
        />

        <Field
          label="Instagram Profile"
          name="jobTitle"
          placeholder="@yourhandle"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={TEXT_MAX}
          value={values.jobTitle}
          onChange={(e) => set('jobTitle', e.target.value)}
        />

        <div className="field">
          <label className="field__label" htmlFor={bioId}>
            What is love?
          </label>
          <textarea
            id={bioId}
            name="bio"
            className="textarea profile-form__textarea"
            rows={3}
            maxLength={BIO_MAX}
            placeholder="Answer in one sentence."
            aria-describedby={bioCountId}
            value={values.bio}
            onChange={(e) => set('bio', e.target.value)}
          />
          <p id={bioCountId} className="field__hint profile-form__count">
            One sentence · {values.bio.length}/{BIO_MAX}
          </p>
        </div>

        <div className="profile-form__actions">
          <Button variant="ghost" onClick={reset} disabled={saving}>
            Reset
          </Button>
          <Button type="submit" disabled={!saveable} loading={saving}>
            Save Profile
          </Button>
        </div>
        {!saveable && (
          <p className="text-muted text-small profile-form__requirements">
            To save, enter your city and state, an age of 18 or more, your gender and who you’d like to meet.
          </p>
        )}
      </Card>
    </form>
  );
}

type SexChoiceProps = { legend: string; name: string; value: Sex | ''; onChange(value: Sex): void };

function SexChoice({ legend, name, value, onChange }: SexChoiceProps) {
  const options: { value: Sex; label: string }[] = [
    { value: 'male', label: 'Male' },
    { value: 'female', label: 'Female' },
  ];
  return (
    <fieldset className="profile-form__choice">
      <legend className="field__label">{legend}</legend>
      <div className="profile-form__segments">
        {options.map((option) => (
          <label key={option.value} className="profile-form__segment">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              required
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
