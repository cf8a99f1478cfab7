import type { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/core';

/**
 * Whether `viewerId` was ever shown `ownerId` as a match, whatever happened since: the profile read rule
 * (profiles) and whom a member may block or report (safety). A port, because matching sits above both (it
 * reads their profiles and blocks); matching implements and binds it (MatchHistory).
 */
export abstract class ShownMatches {
  abstract wasShown(em: EntityManager, viewerId: string, ownerId: string): Promise<boolean>;
}

/** The bound implementation, looked up at first use (its module is built after its askers). */
export function shownMatchesIn(modules: ModuleRef): ShownMatches {
  return modules.get(ShownMatches, { strict: false });
}
