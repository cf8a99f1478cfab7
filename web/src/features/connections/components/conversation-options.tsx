import { BlockAndReportDialogs } from '@/components/safety/block-and-report-dialogs';
import { ConfirmDialog } from '@/components/safety/confirm-dialog';
import { MoreOptions } from '@/components/safety/more-options';
import { toast } from '@/components/ui/toast';
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
  /** Wraps each ending call, so that the `ended` event it causes is not news to this member (useOwnEnd). */
  whileEnding: <T>(run: () => Promise<T>) => Promise<T>;
}

/** The conversation's 'More options' menu: Unmatch, Block, Report, each asking first. */
export function ConversationOptions({
  connectionId,
  userId,
  name,
  lastMessageFromThem,
  onDone,
  onEnded,
  whileEnding,
}: Props) {
  return (
    <MoreOptions
      block="conversation-options"
      items={ITEMS}
      dialogs={(state) => (
        <>
          <ConfirmDialog
            open={state.open === 'unmatch'}
            title={`Unmatch ${name}?`}
            description="Your conversation ends for both of you and disappears, and you won't be matched again."
            confirm="Unmatch"
            failure="Could not unmatch"
            run={() => whileEnding(() => unmatch(connectionId))}
            onDone={() => {
              toast.success(`You unmatched ${name}`);
              onDone();
            }}
            onGone={onEnded}
            onClose={state.close}
            returnFocusRef={state.returnFocusRef}
          />
          <BlockAndReportDialogs
            {...state}
            userId={userId}
            name={name}
            from="conversation"
            lastMessageFromThem={lastMessageFromThem}
            onDone={onDone}
            onGone={onEnded}
            around={whileEnding}
          />
        </>
      )}
    />
  );
}
