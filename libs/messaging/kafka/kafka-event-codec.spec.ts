import { IntegrationEvent } from '../integration-event.js';
import { EventRegistry } from '../event-registry.js';
import { decodeEvent, encodeEvent } from './kafka-event-codec.js';

class SomethingHappened extends IntegrationEvent<{ n: number; tags: string[] }> {
  static readonly type = 'test.SomethingHappened';
}
EventRegistry.register(SomethingHappened);

describe('Kafka event codec', () => {
  const event = new SomethingHappened(
    'user-1',
    { n: 3, tags: ['a', 'b'] },
    {
      eventId: '6f1f7c4e-3c8e-4a43-9b59-1d1f0a4f4b9e',
      occurredAt: new Date('2026-11-22T10:00:00.123Z'),
    },
  );

  it('keys by the aggregate id and carries the type in a header', () => {
    const encoded = encodeEvent(event);
    expect(encoded.key).toBe('user-1');
    expect(encoded.headers).toEqual({ type: 'test.SomethingHappened', eventId: event.eventId });
    expect(JSON.parse(encoded.value)).toEqual({
      eventId: event.eventId,
      type: 'test.SomethingHappened',
      aggregateId: 'user-1',
      occurredAt: '2026-11-22T10:00:00.123Z',
      payload: { n: 3, tags: ['a', 'b'] },
    });
  });

  it('revives the same event (class, id, time, payload) on the other side', () => {
    const decoded = decodeEvent(Buffer.from(encodeEvent(event).value));
    expect(decoded.kind).toBe('event');
    const revived = (decoded as { event: IntegrationEvent }).event;
    expect(revived).toBeInstanceOf(SomethingHappened);
    expect(revived.eventId).toBe(event.eventId);
    expect(revived.occurredAt.getTime()).toBe(event.occurredAt.getTime());
    expect(revived.aggregateId).toBe('user-1');
    expect(revived.payload).toEqual({ n: 3, tags: ['a', 'b'] });
  });

  it('reports a type this process does not know instead of failing', () => {
    const value = JSON.stringify({ ...JSON.parse(encodeEvent(event).value), type: 'other.Unknown' });
    expect(decodeEvent(value)).toEqual({
      kind: 'unknown-type',
      type: 'other.Unknown',
      eventId: event.eventId,
    });
  });

  it.each([
    ['an empty record', null],
    ['not JSON', '{oops'],
    [
      'no event id',
      JSON.stringify({
        type: 'test.SomethingHappened',
        aggregateId: 'u',
        occurredAt: '2026-01-01',
        payload: {},
      }),
    ],
    [
      'a bad date',
      JSON.stringify({
        eventId: 'e',
        type: 'test.SomethingHappened',
        aggregateId: 'u',
        occurredAt: 'soon',
        payload: {},
      }),
    ],
    [
      'a missing payload',
      JSON.stringify({
        eventId: 'e',
        type: 'test.SomethingHappened',
        aggregateId: 'u',
        occurredAt: '2026-01-01',
      }),
    ],
  ])('treats %s as malformed', (_name, value) => {
    expect(decodeEvent(value).kind).toBe('malformed');
  });
});
