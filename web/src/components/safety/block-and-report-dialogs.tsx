import { reportUser } from '@/lib/safety';
import { BlockDialog } from './block-dialog';
import type { OptionDialogs } from './more-options';
import { ReportDialog } from './report-dialog';

const TEXTS = {
  card: {
    block:
      "They won't appear in your matches again, and neither of you will be able to see the other's profile. You can unblock them in Settings.",
    report: 'Reports are private: they are never told who reported them. They are also blocked right away.',
  },
  conversation: {
    block:
      "Your conversation ends, they won't appear in your matches again, and neither of you will be able to see the other's profile. You can unblock them in Settings.",
    report:
      'Reports are private: they are never told who reported them. They are also blocked right away, and your conversation ends.',
  },
};

/**
 * The Block and Report dialogs of a 'More options' menu, on a match card or in a conversation (`from`). Either
 * ends what the two had (`onDone`); `onGone`: it had ended already (404).
 */
export function BlockAndReportDialogs({
  open,
  close,
  returnFocusRef,
  userId,
  name,
  from,
  lastMessageFromThem,
  onDone,
  onGone,
  around = (run) => run(),
}: OptionDialogs<string> & {
  userId: string;
  name: string;
  from: keyof typeof TEXTS;
  lastMessageFromThem?: { id: string; text: string } | null;
  onDone: () => void;
  onGone?: () => void;
  /** Wraps the block or report call: a conversation learns that the end which follows is its member's own. */
  around?: <T>(run: () => Promise<T>) => Promise<T>;
}) {
  const shared = { name, onDone, onGone, onClose: close, returnFocusRef };
  return (
    <>
      <BlockDialog
        {...shared}
        open={open === 'block'}
        userId={userId}
        description={TEXTS[from].block}
        around={around}
      />
      <ReportDialog
        {...shared}
        open={open === 'report'}
        description={TEXTS[from].report}
        lastMessageFromThem={lastMessageFromThem}
        send={(report) => around(() => reportUser({ userId, ...report }))}
      />
    </>
  );
}
