import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/query/query-client';
import { resendVerification } from '@/lib/auth/resend-verification';

/**
 * Sends a new verification mail for `userId` and says how it went in a toast; `sending` is true while the
 * request is out.
 */
export function useResendVerification(userId: string) {
  const send = useMutation({
    mutationFn: () => resendVerification({ id: userId }),
    onMutate: () => toast.dismissErrors(),
    onSuccess: () =>
      toast.success('Verification email sent', 'Check your inbox for a new link. It is valid for 24 hours.'),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 0)
        toast.error('No server response', 'Check your connection and try again.');
      else if (error instanceof ApiError && error.error === 'already-verified')
        toast.info('Already verified', error.message);
      else toast.error('Could not send the email', errorText(error, 'Please try again.'));
    },
  });
  return { resend: () => send.mutate(), sending: send.isPending };
}

/** 'Resend email': the unverified banner's and the 'Please verify your email' dialog's way to a new link. */
export function ResendEmailButton({
  userId,
  ...buttonProps
}: { userId: string } & Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  const { resend, sending } = useResendVerification(userId);
  return (
    <Button {...buttonProps} loading={sending} onClick={resend}>
      Resend email
    </Button>
  );
}
