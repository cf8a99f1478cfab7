import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Profile, type Sex } from './profile.entity.js';
import { imageUrlOf, type ProfileFields, type ProfileView } from './profile-view.js';

interface ProfileViewRow {
  user_id: string;
  name: string;
  city: string;
  state: string;
  age: number;
  gender: Sex;
  preferred_sex: Sex;
  education: string;
  job_title: string;
  bio: string;
  has_image: boolean;
}

/** Profiles and their read model (the profile joined with the account's name and photo presence). */
@Injectable()
export class ProfileRepository {
  constructor(private readonly em: EntityManager) {}

  findByUserId(userId: string, em: EntityManager = this.em): Promise<Profile | null> {
    return em.findOne(Profile, { userId });
  }

  /** Creates or replaces the user's profile in the caller's transaction (one statement, so no race). */
  saveForUser(userId: string, fields: ProfileFields, em: EntityManager): Promise<Profile> {
    return em.upsert(Profile, { userId, ...fields, updatedAt: new Date() });
  }

  async findView(userId: string, em: EntityManager = this.em): Promise<ProfileView | null> {
    const [view] = await this.findViews([userId], em);
    return view ?? null;
  }

  /** Views of several users at once (match cards); users without a profile are left out. */
  async findViews(userIds: string[], em: EntityManager = this.em): Promise<ProfileView[]> {
    if (userIds.length === 0) return [];
    const placeholders = userIds.map(() => '?').join(', ');
    const rows: ProfileViewRow[] = await (em as SqlEntityManager).getConnection().execute(
      `select p.user_id, u.name, p.city, p.state, p.age, p.gender, p.preferred_sex, p.education, p.job_title, p.bio,
              exists (select 1 from user_image i where i.user_id = p.user_id) as has_image
         from profile p
         join app_user u on u.id = p.user_id
        where p.user_id in (${placeholders})`,
      userIds,
      'all',
      em.getTransactionContext(),
    );
    return rows.map(toView);
  }
}

function toView(row: ProfileViewRow): ProfileView {
  return {
    id: row.user_id,
    name: row.name,
    city: row.city,
    state: row.state,
    age: Number(row.age),
    gender: row.gender,
    preferredSex: row.preferred_sex,
    education: row.education,
    jobTitle: row.job_title,
    bio: row.bio,
    imageUrl: row.has_image ? imageUrlOf(row.user_id) : null,
  };
}
