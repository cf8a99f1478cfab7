import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/core';
import { UserRepository } from '../accounts/index.js';
import { BlockRepository } from './block.repository.js';
import { introductionsIn, type Introductions } from '../shared/auth/introductions.port.js';
import { shownMatchesIn, type ShownMatches } from '../shared/auth/shown-matches.port.js';

/**
 * Whom a member may block or report: an account they know, because it was in one of their sets (matching's
 * record through the ShownMatches port, whatever happened since), is interested in them, is connected to them,
 * or was (connections), or because they blocked it. A connection the other ended, by an unmatch or a block, must
 * not take the report away: else whoever harasses someone could end the conversation first and never be
 * reported. Nor may a block end what made someone known (their interest): blocking again stays idempotent, and a
 * report after the block is still taken.
 */
@Injectable()
export class KnownPeople {
  private introductions?: Introductions;
  private shownMatches?: ShownMatches;

  constructor(
    private readonly users: UserRepository,
    private readonly blocks: BlockRepository,
    private readonly modules: ModuleRef,
  ) {}

  async knows(em: EntityManager, userId: string, otherId: string): Promise<boolean> {
    this.introductions ??= introductionsIn(this.modules);
    this.shownMatches ??= shownMatchesIn(this.modules);
    const [shown, introduced, ended, blocked, account] = await Promise.all([
      this.shownMatches.wasShown(em, userId, otherId),
      this.introductions.introduced(em, userId, otherId),
      this.introductions.ended(em, userId, otherId),
      this.blocks.has(em, userId, otherId),
      this.users.findById(otherId, em),
    ]);
    return (shown || introduced || ended || blocked) && account !== null;
  }
}
