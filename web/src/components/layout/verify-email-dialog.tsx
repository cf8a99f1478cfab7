import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { ResendEmailButton } from './resend-email';

/** 'Please verify your email': what stands between an unverified member and the quiz, matches and waitlist. */
export function VerifyEmailDialog({
  open,
  onClose,
  userId,
  email,
}: {
  open: boolean;
  onClose: () => void;
  userId: string;
  email: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Please verify your email"
      description={
        <p>
          We sent a verification link to <strong>{email}</strong>. Open it to unlock the quiz, your matches
          and the waitlist. No mail? Check your spam folder, or get a new link.
        </p>
      }
    >
      <DialogActions>
        <ResendEmailButton userId={userId} variant="secondary" />
        <Button onClick={onClose}>OK</Button>
      </DialogActions>
    </Dialog>
  );
}
