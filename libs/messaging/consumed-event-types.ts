/**
 * Every integration event type that a consumer of this codebase (`@Consumes`, in any app) reacts to. In the
 * distributed deployment the outbox stores any other type as published instead of sending it to Kafka, where
 * every process would fetch and decode it for nobody (a daily run writes 100,000 MatchesGenerated). A test
 * holds this list equal to the consumers' declarations. A consumer of a type not listed before: ship the
 * updated list to every producer before the consumer, or the events written in between are never sent.
 */
export const CONSUMED_EVENT_TYPES: ReadonlySet<string> = new Set([
  'AccountDeleted',
  'AccountNamed',
  'AccountSuspended',
  'AccountUnsuspended',
  'ConnectionEnded',
  'EmailVerified',
  'MatchRequested',
  'MatchSetsStored',
  'ProfileUpdated',
  'QuizSubmitted',
  'SessionsEnded',
  'SignedOut',
  'UserBlocked',
  'UserRegistered',
  'UserUnblocked',
]);
