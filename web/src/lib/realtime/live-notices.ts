import { useEffect, useEffectEvent } from 'react';
import { paths } from '@/app/paths';
import { toast } from '@/components/ui/toast';
import { realtime } from './realtime';

/**
 * Tells a member on any other page what the socket says about people: someone is interested in them, or it
 * became mutual. Not on the pages that show it themselves ('Interested in you' and the list on Messages, the
 * card's 'It's mutual!' on Matches, where the member who made it mutual also is).
 */
export function useLiveNotices(enabled: boolean, pathname: string): void {
  const onMessages = pathname === paths.connections || pathname.startsWith(`${paths.connections}/`);
  const interest = useEffectEvent(({ name }: { name: string }) => {
    if (!onMessages)
      toast.info(`${name} is interested in you`, "Answer under 'Interested in you' in Messages.");
  });
  const connection = useEffectEvent(({ name, reopened }: { name: string; reopened?: true }) => {
    if (!reopened && !onMessages && pathname !== paths.match)
      toast.success(`It's mutual: you and ${name}`, 'Say hello in Messages.');
  });
  useEffect(() => {
    if (!enabled) return;
    const offs = [
      realtime.on('interest', (event) => interest(event)),
      realtime.on('connection', (event) => connection(event)),
    ];
    return () => offs.forEach((off) => off());
  }, [enabled]);
}
