import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { UserRepository } from '../accounts/index.js';
import { ProfileRepository } from '../profiles/index.js';

export interface Person {
  name: string;
  imageUrl: string | null;
}

/** The name and photo link that lists show of the other members, asked of their owners in one read each. */
@Injectable()
export class People {
  constructor(
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async of(em: EntityManager, ids: string[]): Promise<Map<string, Person>> {
    const [names, views] = await Promise.all([this.users.namesOf(ids, em), this.profiles.findViews(ids, em)]);
    const photos = new Map(views.map((view) => [view.id, view.imageUrl]));
    return new Map([...names].map(([id, name]) => [id, { name, imageUrl: photos.get(id) ?? null }]));
  }
}
