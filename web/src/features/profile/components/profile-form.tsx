import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/app/paths';
import { imagePathFor } from '@/lib/images/fetch-image';
import { uploadImage } from '@/lib/images/upload-image';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { useProtectedImage } from '@/lib/images/use-protected-image';
import { errorText } from '@/lib/query/query-client';
import { queryKeys } from '@/lib/query/query-keys';
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

const message = (error: unknown) =>
  errorText(error, error instanceof Error ? error.message : 'Please try again.');

/** The details were stored; only the photo upload after them failed. */
class PhotoNotSaved extends Error {}

export type ProfileFormProps = { userId: string; profile: Profile | null };

export function ProfileForm({ userId, profile }: ProfileFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A field says what is wrong once it was left, then as it is edited (react-hook-form's onTouched).
  const { register, handleSubmit, reset, control, formState } = useForm<ProfileFormValues>({
    defaultValues: toFormValues(profile),
    mode: 'onTouched',
  });
  const values = useWatch({ control }) as ProfileFormValues;
  const [photo, setPhoto] = useState<File | null>(null);
  // Remounting the picture widget is how Reset clears a picked-but-unsaved photo.
  const [photoKey, setPhotoKey] = useState(0);
  // Without a profile the photo may still exist (uploaded at sign-up), so ask the image endpoint directly.
  const current = useProtectedImage(profile?.imageUrl ?? imagePathFor(userId));
  const saveable = canSave(values);

  const save = useMutation({
    mutationFn: async (input: { values: ProfileFormValues; photo: File | null }) => {
      await setProfile(toSetProfileInput(userId, input.values));
      if (!input.photo) return;
      try {
        await uploadImage({ id: userId, file: input.photo });
      } catch (error) {
        throw new PhotoNotSaved(message(error));
      }
    },
    onMutate: () => toast.loading('Saving...'),
    onSettled: (_data, _error, _input, pending) => {
      if (pending) toast.dismiss(pending);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile(userId) });
    },
    onSuccess: () => {
      toast.success('Profile successfully updated!');
      navigate(paths.home);
    },
    onError: (error) => {
      if (error instanceof PhotoNotSaved)
        toast.error('Your details were saved, but the photo was not', error.message);
      else toast.error('Profile not saved', message(error));
    },
  });

  function resetForm() {
    reset();
    setPhoto(null);
    setPhotoKey((k) => k + 1);
  }

  const onSubmit = handleSubmit((submitted) => {
    if (!canSave(submitted) || save.isPending) return;
    toast.dismissErrors();
    return save.mutateAsync({ values: submitted, photo }).catch(() => undefined);
  });

  const locationError = formState.errors.location?.message;

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate aria-label="Profile">
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
          autoComplete="address-level2"
          placeholder="City, ST"
          maxLength={90}
          {...register('location', {
            validate: (location) =>
              location.trim() === '' || parseLocation(location) !== null || LOCATION_MESSAGE,
          })}
          hint={locationError ? undefined : 'For example: Austin, TX'}
          error={locationError}
          required
        />

        <Field
          label="Age"
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          step={1}
          {...register('age', { validate: (age) => ageError(age) ?? true })}
          error={formState.errors.age?.message}
          required
        />

        <SexChoice legend="Gender" {...register('gender')} />
        <SexChoice legend="Preferred Sex" {...register('preferredSex')} />

        <Field
          label="Major/Degree"
          placeholder="e.g. B.S. Computer Science"
          maxLength={TEXT_MAX}
          {...register('education')}
        />

        <Field
          label="Instagram Profile"
          placeholder="@yourhandle"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={TEXT_MAX}
          {...register('jobTitle')}
        />

        <TextAreaField
          label="What is love?"
          className="textarea profile-form__textarea"
          rows={3}
          maxLength={BIO_MAX}
          placeholder="Answer in one sentence."
          {...register('bio')}
          hint={`One sentence · ${values.bio.length}/${BIO_MAX}`}
          hintClassName="profile-form__count"
        />

        <div className="profile-form__actions">
          <Button variant="ghost" onClick={resetForm} disabled={save.isPending}>
            Reset
          </Button>
          <Button type="submit" disabled={!saveable} loading={save.isPending}>
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

type SexChoiceProps = { legend: string } & UseFormRegisterReturn<'gender' | 'preferredSex'>;

const SEX_OPTIONS: { value: Sex; label: string }[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

function SexChoice({ legend, ...radio }: SexChoiceProps) {
  return (
    <fieldset className="profile-form__choice">
      <legend className="field__label">{legend}</legend>
      <div className="profile-form__segments">
        {SEX_OPTIONS.map((option) => (
          <label key={option.value} className="profile-form__segment">
            <input type="radio" value={option.value} {...radio} required />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
