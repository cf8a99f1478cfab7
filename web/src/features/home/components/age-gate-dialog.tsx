import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { storage } from '@/lib/storage';

/**
 * Spec "Age gate": shown until fa_ageConfirmed is 'true'. It cannot be dismissed (no Escape, no outside
 * click); only "I'm 18+ and Agree" closes it, and 'No' deliberately does nothing.
 */
export function AgeGateDialog() {
  const [open, setOpen] = useState(() => !storage.isAgeConfirmed());
  const agreeRef = useRef<HTMLButtonElement>(null);

  function agree() {
    storage.confirmAge();
    setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      // The guard itself: without it Escape or a click outside would call onClose.
      dismissable={false}
      initialFocusRef={agreeRef}
      title="Are you 18 or older?"
      description={
        <p>
          Fated is for adults only. By continuing you confirm that you are at least 18 years old and agree to
          our{' '}
          <Link to={paths.terms} target="_blank" rel="noopener">
            Terms of Use
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} target="_blank" rel="noopener">
            Privacy Policy
          </Link>
          .
        </p>
      }
    >
      <DialogActions>
        <Button variant="secondary" onClick={() => undefined}>
          No
        </Button>
        <Button ref={agreeRef} onClick={agree}>
          I'm 18+ and Agree
        </Button>
      </DialogActions>
    </Dialog>
  );
}
