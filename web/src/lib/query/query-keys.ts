/**
 * Every cached read, by what it depends on. The socket and the mutations name the same keys to update or refetch
 * what is shown.
 */
export const queryKeys = {
  profile: (userId: string) => ['profile', userId] as const,
  /** Under the profile's key: saving the profile refetches both. */
  hasProfile: (userId: string) => ['profile', userId, 'exists'] as const,
  matches: (userId: string) => ['matches', userId] as const,
  waitlist: (userId: string) => ['waitlist', userId] as const,
  questions: ['quiz-questions'] as const,
  /** Whether the member took the quiz; submitting the quiz sets it. */
  quizStatus: (userId: string) => ['quiz-status', userId] as const,
  connections: (userId: string) => ['connections', userId] as const,
  /** Under the connections' key: whatever refreshes the list refreshes the count. */
  unreadCount: (userId: string) => ['connections', userId, 'unread'] as const,
  receivedInterest: (userId: string) => ['received-interest', userId] as const,
  /** Under the received interest's key: whatever refreshes the list refreshes the count. */
  receivedInterestCount: (userId: string) => ['received-interest', userId, 'count'] as const,
  /** One conversation: the other member and the messages loaded so far. */
  conversation: (userId: string, connectionId: string) => ['conversation', userId, connectionId] as const,
  blocked: (userId: string) => ['blocked', userId] as const,
  notificationSettings: (userId: string) => ['notification-settings', userId] as const,
};
