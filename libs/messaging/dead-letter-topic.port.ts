import type { DeadLetter } from './dead-letters.js';

/** Where else a parked event goes: the Kafka adapter copies it to a dead-letter topic for operators' tools. */
export abstract class DeadLetterTopic {
  abstract send(letter: Omit<DeadLetter, 'id' | 'parkedAt'>): Promise<void>;
}
