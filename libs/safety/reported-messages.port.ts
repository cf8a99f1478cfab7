import type { EntityManager } from '@mikro-orm/core';

/**
 * The text of a message a report points at: one `reportedUserId` sent to `reporterId` in their conversation,
 * else undefined. A port, so safety does not read the connections context's tables; connections implements it.
 */
export abstract class ReportedMessages {
  abstract textOf(
    em: EntityManager,
    messageId: string,
    reportedUserId: string,
    reporterId: string,
  ): Promise<string | undefined>;
}
