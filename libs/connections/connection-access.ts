import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { BlockRepository } from '../safety/index.js';
import { ActiveAccounts } from '../shared/auth/active-accounts.port.js';
import { ConnectionErrors } from './connection-errors.js';
import { ConnectionRepository, type ConnectionRow } from './connection.repository.js';

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
    const connection = await this.connections.memberOf(em, connectionId, userId, lock);
    if (!connection) throw ConnectionErrors.unknownConnection();
    const otherId = connection.userA === userId ? connection.userB : connection.userA;
    const [active, blocked] = await Promise.all([
      this.accounts.activeAmong([otherId]),
      this.blocks.blockedEitherWay(em, userId, [otherId]),
    ]);
    if (!active.has(otherId) || blocked.size > 0) throw ConnectionErrors.unknownConnection();
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
