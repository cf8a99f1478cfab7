import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/core';
import { UserRepository } from '../accounts/index.js';
import { MatchSetRepository } from '../matching/index.js';
import { introductionsIn, type Introductions } from '../shared/auth/introductions.port.js';

/**
 * Whom a member may block or report: an account they know, because it was in one of their sets (matching's
 * record, whatever happened since), is interested in them, or is connected to them (connections).
 */
@Injectable()
export class KnownPeople {
  private introductions?: Introductions;

  constructor(
    private readonly users: UserRepository,
    private readonly matchSets: MatchSetRepository,
    private readonly modules: ModuleRef,
  ) {}

  async knows(em: EntityManager, userId: string, otherId: string): Promise<boolean> {
    this.introductions ??= introductionsIn(this.modules);
    const [shown, introduced, account] = await Promise.all([
      this.matchSets.wasShown(em, userId, otherId),
      this.introductions.introduced(em, userId, otherId),
      this.users.findById(otherId, em),
    ]);
    return (shown || introduced) && account !== null;
  }
}
