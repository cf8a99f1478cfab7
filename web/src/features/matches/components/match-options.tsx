import { BlockAndReportDialogs } from '@/components/safety/block-and-report-dialogs';
import { MoreOptions } from '@/components/safety/more-options';

const ITEMS = [
  { value: 'block', label: 'Block' },
  { value: 'report', label: 'Report', danger: true },
] as const;

/**
 * The card's 'More options' menu (Block, Report) and their dialogs. Either action takes the card away
 * (`onGone`), since the two will never see each other again; when the two are `connected`, the dialogs say
 * that their conversation ends too.
 */
export function MatchOptions({
  userId,
  name,
  connected,
  onGone,
}: {
  userId: string;
  name: string;
  connected: boolean;
  onGone: () => void;
}) {
  return (
    <MoreOptions
      block="match-options"
      items={ITEMS}
      dialogs={(state) => (
        <BlockAndReportDialogs
          {...state}
          userId={userId}
          name={name}
          from={connected ? 'conversation' : 'card'}
          onDone={onGone}
        />
      )}
    />
  );
}
