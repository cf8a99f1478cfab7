import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/core';
import { UserRepository } from '../accounts/index.js';
import { BatchedRead } from '../persistence/batched-read.js';
import { Profile, type Sex } from './profile.entity.js';
import { ProfilePhotos } from './profile-photos.port.js';
import { imageUrlOf, type ProfileView } from './profile-view.js';

interface ProfileRow {
  user_id: string;
  city: string;
  state: string;
  age: number;
  gender: Sex;
  preferred_sex: Sex;
  education: string;
  job_title: string;
  bio: string;
}

/** Profiles and their read model (the profile with the account's name from accounts and photo presence from images). */
@Injectable()
export class ProfileRepository {
  private readonly profileRows = new BatchedRead<ProfileRow>(
    'profile-rows',
    `select user_id, city, state, age, gender, preferred_sex, education, job_title, bio
         from profile where user_id = any(?::uuid[])`,
    (row) => row.user_id,
  );

  private photos?: ProfilePhotos;

  constructor(
    private readonly em: EntityManager,
    private readonly accounts: UserRepository,
    private readonly modules: ModuleRef,
  ) {}

  findByUserId(userId: string, em: EntityManager = this.em): Promise<Profile | null> {
    return em.findOne(Profile, { userId });
  }

  /** How many members saved a profile (`fated stats`). */
  count(em: EntityManager = this.em): Promise<number> {
    return em.count(Profile);
  }

  async findView(userId: string, em: EntityManager = this.em): Promise<ProfileView | null> {
    const [view] = await this.findViews([userId], em);
    return view ?? null;
  }

  /**
   * Views of several users at once (match cards): three reads side by side, whatever the number of users.
   * Users without a profile are left out, and so is one whose account is gone (deleted just now).
   */
  async findViews(userIds: string[], em: EntityManager = this.em): Promise<ProfileView[]> {
    if (userIds.length === 0) return [];
    // Images provides the port; its module imports this one, so it is looked up once it exists.
    this.photos ??= this.modules.get(ProfilePhotos, { strict: false });
    const [rows, names, withPhoto] = await Promise.all([
      this.profileRows.byId(em, userIds),
      this.accounts.namesOf(userIds, em),
      this.photos.withPhoto(userIds, em),
    ]);
    return [...rows.values()].flatMap((row) => {
      const name = names.get(row.user_id);
      return name === undefined ? [] : [toView(row, name, withPhoto.has(row.user_id))];
    });
  }
}

function toView(row: ProfileRow, name: string, hasImage: boolean): ProfileView {
  return {
    id: row.user_id,
    name,
    city: row.city,
    state: row.state,
    age: Number(row.age),
    gender: row.gender,
    preferredSex: row.preferred_sex,
    education: row.education,
    jobTitle: row.job_title,
    bio: row.bio,
    imageUrl: hasImage ? imageUrlOf(row.user_id) : null,
  };
}
