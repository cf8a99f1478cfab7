import type { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/core';

/**
 * Whether two members know each other beyond the match sets: `ownerId` is interested in `viewerId`, or the two
 * are connected. Interest opens the target's view of the interested person, and a connection's members may
 * block and report each other. A port, so profiles and safety do not read the connections context's tables;
 * connections implements it (absent in processes without it: nobody is introduced).
 */
export abstract class Introductions {
  abstract introduced(em: EntityManager, viewerId: string, ownerId: string): Promise<boolean>;
  /** Whether the two ended a connection (an unmatch, or a block that ended it): unknown to each other since. */
  abstract ended(em: EntityManager, viewerId: string, ownerId: string): Promise<boolean>;
  /** The member's connections, with whom (a departing member's partners are told their conversation ended). */
  abstract connectionsOf(em: EntityManager, userId: string): Promise<ConnectionWith[]>;
}

export interface ConnectionWith {
  connectionId: string;
  otherId: string;
}

/** Nobody is introduced: the answer where the connections context is not loaded (a matcher, the CLI). */
class NoIntroductions extends Introductions {
  async introduced(): Promise<boolean> {
    return false;
  }

  async ended(): Promise<boolean> {
    return false;
  }

  async connectionsOf(): Promise<ConnectionWith[]> {
    return [];
  }
}

/** The loaded implementation of the port, looked up at first use (its module is built after its askers). */
export function introductionsIn(modules: ModuleRef): Introductions {
  try {
    return modules.get(Introductions, { strict: false });
  } catch {
    return new NoIntroductions();
  }
}
