import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { BlockRepository } from '../safety/index.js';
import { ActiveAccounts } from '../shared/auth/active-accounts.port.js';
import { ConnectionErrors } from './connection-errors.js';
import { ConnectionRepository, type ConnectionRow } from './connection.repository.js';

const otherOf = (connection: ConnectionRow, userId: string) =>
  connection.userA === userId ? connection.userB : connection.userA;

export interface OpenConnection {
  connection: ConnectionRow;
  otherId: string;
}

/**
 * The one rule for a conversation: its members only, and only while the other is still there for them (not
 * suspended or deleted, no block either way, checked with the owners at each request, as match cards are).
 * Anything else is a 404, the same whatever the reason.
 */
@Injectable()
export class ConnectionAccess {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly blocks: BlockRepository,
    private readonly accounts: ActiveAccounts,
  ) {}

  async open(em: EntityManager, connectionId: string, userId: string, lock = false): Promise<OpenConnection> {
    // A conversation read before: whether it still exists is asked with the other checks, in one round.
    const earlier = lock ? undefined : this.connections.readEarlier(connectionId);
    if (earlier && (earlier.userA === userId || earlier.userB === userId)) {
      const otherId = otherOf(earlier, userId);
      const [exists, present] = await Promise.all([
        this.connections.stillExists(em, connectionId),
        this.presentAmong(em, userId, [otherId]),
      ]);
      if (!exists || !present.has(otherId)) throw ConnectionErrors.unknownConnection();
      return { connection: earlier, otherId };
    }
    const connection = await this.connections.memberOf(em, connectionId, userId, lock);
    if (!connection) throw ConnectionErrors.unknownConnection();
    const otherId = otherOf(connection, userId);
    if (!(await this.presentAmong(em, userId, [otherId])).has(otherId))
      throw ConnectionErrors.unknownConnection();
    return { connection, otherId };
  }

  /** Of `otherIds`, those still there for `userId` (a list drops the rest). */
  async presentAmong(em: EntityManager, userId: string, otherIds: string[]): Promise<Set<string>> {
    if (otherIds.length === 0) return new Set();
    const [active, blocked] = await Promise.all([
      this.accounts.activeAmong(otherIds),
      this.blocks.blockedEitherWay(em, userId, otherIds),
    ]);
    return new Set(otherIds.filter((id) => active.has(id) && !blocked.has(id)));
  }
}
