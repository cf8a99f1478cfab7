import { useEffect, useEffectEvent } from 'react';
import { realtime, type RealtimeEvent, type RealtimeEvents } from './realtime';

/** Calls `listener` with each `event` while the component is mounted; the listener may change on every render. */
export function useRealtime<E extends RealtimeEvent>(
  event: E,
  listener: (payload: RealtimeEvents[E]) => void,
): void {
  const onEvent = useEffectEvent((payload: RealtimeEvents[E]) => listener(payload));
  useEffect(() => realtime.on(event, (payload) => onEvent(payload)), [event]);
}
