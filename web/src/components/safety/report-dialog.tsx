import { useMutation } from '@tanstack/react-query';
import { useId, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { CancelOrConfirm, Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextAreaField } from '@/components/ui/text-area-field';
import { toast } from '@/components/ui/toast';
import { formMessage, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { isGone } from '@/lib/query/query-client';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '@/lib/safety';

export interface Report {
  reason: ReportReason;
  note?: string;
  messageId?: string;
}

type ReportValues = { reason: ReportReason | ''; note: string; withMessage: boolean };

const EMPTY: ReportValues = { reason: '', note: '', withMessage: true };
const CHECKS: Check<ReportValues>[] = [
  { field: 'reason', fails: ({ reason }) => !reason, message: 'Choose a reason' },
];

/**
 * 'Report {name}': a reason, an optional note and, from a conversation, their last message for the moderators.
 * `send` goes to POST /report (which blocks them too); a 404 means they are gone already (`onGone`).
 */
export function ReportDialog({
  open,
  name,
  description,
  lastMessageFromThem = null,
  send,
  onDone,
  onGone,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  name: string;
  description: string;
  lastMessageFromThem?: { id: string; text: string } | null;
  send: (report: Report) => Promise<unknown>;
  onDone: () => void;
  onGone?: () => void;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const { register, handleSubmit, setError, reset, control, formState } = useCheckedForm(EMPTY, CHECKS);
  const note = useWatch({ control, name: 'note' });
  const report = useMutation({
    mutationFn: send,
    onSuccess: () => {
      toast.success('Thanks, we will review this');
      onDone();
    },
    onError: (error) => {
      if (onGone && isGone(error)) onGone();
      else setError('root.server', { message: 'Could not send the report. Please try again.' });
    },
  });
  const busy = formState.isSubmitting || report.isSuccess;
  const error = formMessage(formState.errors);
  const errorId = useId();

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  const onSubmit = handleSubmit(({ reason, note: text, withMessage }) =>
    report
      .mutateAsync({
        reason: reason as ReportReason,
        ...(text.trim() ? { note: text.trim() } : {}),
        ...(withMessage && lastMessageFromThem ? { messageId: lastMessageFromThem.id } : {}),
      })
      .catch(() => undefined),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      returnFocusRef={returnFocusRef}
      title={`Report ${name}`}
      description={description}
    >
      <form className="stack" noValidate onSubmit={onSubmit}>
        <fieldset className="report-reasons" aria-describedby={error ? errorId : undefined}>
          <legend className="report-reasons__legend">What is wrong?</legend>
          {REPORT_REASONS.map((option) => (
            <label key={option.value} className="report-reasons__option">
              <input type="radio" value={option.value} {...register('reason')} />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        {lastMessageFromThem ? (
          <label className="checkbox report-message">
            <input type="checkbox" {...register('withMessage')} />
            <span>
              Include their last message for our moderators:{' '}
              <q className="report-message__text">{lastMessageFromThem.text}</q>
            </span>
          </label>
        ) : null}
        <TextAreaField
          label="Anything else we should know? (optional)"
          className="field__input report-note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          {...register('note')}
          hint={`${note.length}/${REPORT_NOTE_MAX}`}
        />
        <FormAlert id={errorId} message={error} />
        <CancelOrConfirm confirm="Send report" busy={busy} onCancel={close} />
      </form>
    </Dialog>
  );
}
