import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formMessage, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { errorText } from '@/lib/query/query-client';
import { nameAccount } from '../api/name-account';
import { AuthLayout } from './auth-layout';

const CHECKS: Check<{ name: string }>[] = [
  { field: 'name', fails: ({ name }) => !name.trim(), message: 'Name required' },
];

/**
 * Shown after sign-in when the account has no name: the owner took their address back with a password reset,
 * and whatever an earlier holder of it wrote, their name included, is gone.
 */
export function ChooseNamePage() {
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useCheckedForm({ name: '' }, CHECKS);
  const save = useMutation({
    mutationFn: nameAccount,
    onSuccess: () => navigate(paths.home, { replace: true }),
    onError: (failure) => {
      // Already named (another tab did it): nothing left to ask.
      if (failure instanceof ApiError && failure.status === 409) {
        navigate(paths.home, { replace: true });
        return;
      }
      const message = errorText(failure);
      setError('root.server', { message });
      toast.error('Could not save your name', message);
    },
  });
  const error = formMessage(formState.errors);
  const submitting = formState.isSubmitting || save.isSuccess;
  const onSubmit = handleSubmit(({ name }) => save.mutateAsync(name.trim()).catch(() => undefined));

  return (
    <AuthLayout
      title="What should we call you?"
      subtitle="Your account is yours again. Choose the name your matches will see."
    >
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={error ? 'name-error' : undefined}
      >
        <FormAlert id="name-error" message={error} />
        <Field label="Name" autoComplete="name" maxLength={100} autoFocus {...register('name')} />
        <Button type="submit" loading={submitting} block>
          {submitting ? 'Saving…' : 'Continue'}
        </Button>
      </form>
    </AuthLayout>
  );
}
