import { BlockDialog } from '@/components/safety/block-dialog';
import { ConfirmDialog } from '@/components/safety/confirm-dialog';
import { MoreOptions } from '@/components/safety/more-options';
import { ReportDialog } from '@/components/safety/report-dialog';
import { toast } from '@/components/ui/toast';
import { reportUser } from '@/lib/safety';
import { unmatch, type Message } from '../api/connections';

const ITEMS = [
  { value: 'unmatch', label: 'Unmatch' },
  { value: 'block', label: 'Block', danger: true },
  { value: 'report', label: 'Report', danger: true },
] as const;

interface Props {
  connectionId: string;
  userId: string;
  name: string;
  /** A report can carry it to the moderators. */
  lastMessageFromThem: Message | null;
  /** Unmatched, blocked or reported: the conversation is over for both. */
  onDone: () => void;
  /** It was already over (404). */
  onEnded: () => void;
}

/** The conversation's 'More options' menu: Unmatch, Block, Report, each asking first. */
export function ConversationOptions({
  connectionId,
  userId,
  name,
  lastMessageFromThem,
  onDone,
  onEnded,
}: Props) {
  return (
    <MoreOptions
      block="conversation-options"
      items={ITEMS}
      dialogs={({ open, close, returnFocusRef }) => (
        <>
          <ConfirmDialog
            open={open === 'unmatch'}
            title={`Unmatch ${name}?`}
            description="Your conversation ends for both of you and disappears, and you won't be matched again."
            confirm="Unmatch"
            failure="Could not unmatch"
            run={() => unmatch(connectionId)}
            onDone={() => {
              toast.success(`You unmatched ${name}`);
              onDone();
            }}
            onGone={onEnded}
            onClose={close}
            returnFocusRef={returnFocusRef}
          />
          <BlockDialog
            open={open === 'block'}
            userId={userId}
            name={name}
            description="Your conversation ends, they won't appear in your matches again, and neither of you will be able to see the other's profile. You can unblock them in Settings."
            onDone={onDone}
            onGone={onEnded}
            onClose={close}
            returnFocusRef={returnFocusRef}
          />
          <ReportDialog
            open={open === 'report'}
            name={name}
            description="Reports are private: they are never told who reported them. They are also blocked right away, and your conversation ends."
            lastMessageFromThem={lastMessageFromThem}
            send={(report) => reportUser({ userId, ...report })}
            onDone={onDone}
            onGone={onEnded}
            onClose={close}
            returnFocusRef={returnFocusRef}
          />
        </>
      )}
    />
  );
}
