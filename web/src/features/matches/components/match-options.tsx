import { BlockDialog } from '@/components/safety/block-dialog';
import { MoreOptions } from '@/components/safety/more-options';
import { ReportDialog } from '@/components/safety/report-dialog';
import { reportUser } from '@/lib/safety';

const ITEMS = [
  { value: 'block', label: 'Block' },
  { value: 'report', label: 'Report', danger: true },
] as const;

/**
 * The card's 'More options' menu (Block, Report) and their dialogs. Either action takes the card away
 * (`onGone`), since the two will never see each other again.
 */
export function MatchOptions({ userId, name, onGone }: { userId: string; name: string; onGone: () => void }) {
  return (
    <MoreOptions
      block="match-options"
      items={ITEMS}
      dialogs={({ open, close, returnFocusRef }) => (
        <>
          <BlockDialog
            open={open === 'block'}
            userId={userId}
            name={name}
            description="They won't appear in your matches again, and neither of you will be able to see the other's profile. You can unblock them in Settings."
            onDone={onGone}
            onClose={close}
            returnFocusRef={returnFocusRef}
          />
          <ReportDialog
            open={open === 'report'}
            name={name}
            description="Reports are private: they are never told who reported them. They are also blocked right away."
            send={(report) => reportUser({ userId, ...report })}
            onDone={onGone}
            onClose={close}
            returnFocusRef={returnFocusRef}
          />
        </>
      )}
    />
  );
}
