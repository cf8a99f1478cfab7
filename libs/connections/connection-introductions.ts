import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { Introductions, type ConnectionWith } from '../shared/auth/introductions.port.js';
import { ConnectionRepository } from './connection.repository.js';
import { InterestRepository } from './interest.repository.js';

/** Connections' answer to "do these two know each other": interest in the viewer, or a connection. */
@Injectable()
export class ConnectionIntroductions extends Introductions {
  constructor(
    private readonly interests: InterestRepository,
    private readonly connections: ConnectionRepository,
  ) {
    super();
  }

  async introduced(em: EntityManager, viewerId: string, ownerId: string): Promise<boolean> {
    const [interested, connected] = await Promise.all([
      this.interests.exists(em, ownerId, viewerId),
      this.connections.between(em, viewerId, ownerId),
    ]);
    return interested || connected !== undefined;
  }

  ended(em: EntityManager, viewerId: string, ownerId: string): Promise<boolean> {
    return this.connections.ended(em, viewerId, ownerId);
  }

  connectionsOf(em: EntityManager, userId: string): Promise<ConnectionWith[]> {
    return this.connections.connectionsOf(em, userId);
  }
}
