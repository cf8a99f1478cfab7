import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** A user (the aggregate id) completed the quiz; `choices[i]` is the 1–5 answer to question i + 1. */
export class QuizSubmitted extends IntegrationEvent<{ choices: number[] }> {
  static readonly type = 'QuizSubmitted';
}
EventRegistry.register(QuizSubmitted);
