/**
 * Whether an access token's account may still act: it exists (not deleted) and is not suspended. A port,
 * so the guard in this shared lib does not read the accounts context's tables; accounts implements it.
 */
export abstract class ActiveAccounts {
  abstract isActive(userId: string): Promise<boolean>;
  /** Of `userIds`, those that are active, in one read (match cards). */
  abstract activeAmong(userIds: readonly string[]): Promise<Set<string>>;
}
