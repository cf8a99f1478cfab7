import { randomUUID } from 'node:crypto';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { createHandlerContext, type HandlerContext } from '../../../../test/support/handler-context.js';
import { User, UserRepository } from '../../../accounts/index.js';
import { UserImagePhotos } from '../../../images/user-image-photos.js';
import { Profile } from '../../profile.entity.js';
import { ProfilePhotos } from '../../profile-photos.port.js';
import { ProfileRepository } from '../../profile.repository.js';
import type { ProfileFields } from '../../profile-view.js';
import { SetProfileCommand } from './set-profile.command.js';
import { SetProfileHandler } from './set-profile.handler.js';

const fields: ProfileFields = {
  city: 'Denver',
  state: 'CO',
  age: 31,
  gender: 'female',
  preferredSex: 'male',
  education: 'BSc Biology',
  jobTitle: '@avery',
  bio: 'Love is choosing each other every day.',
};

describe('SetProfileHandler (on a real database)', () => {
  let t: HandlerContext;

  const save = (userId: string, profile: ProfileFields) =>
    t.commands.execute(new SetProfileCommand(userId, profile));
  const profileRows = (userId: string) =>
    t.sql(
      `select city, state, age, gender, preferred_sex, education, job_title, bio from profile where user_id = ?`,
      [userId],
    );

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [User, Profile],
      providers: [
        UserRepository,
        ProfileRepository,
        { provide: ProfilePhotos, useClass: UserImagePhotos },
        SetProfileHandler,
      ],
    });
  });
  afterAll(() => t?.close());

  it('creates the profile, returns its view and records ProfileUpdated with what matching keeps', async () => {
    const userId = await t.addAccount({ name: 'Avery Jones' });

    await expect(save(userId, fields)).resolves.toEqual({
      id: userId,
      name: 'Avery Jones',
      imageUrl: null,
      ...fields,
    });

    expect(await profileRows(userId)).toEqual([
      {
        city: 'Denver',
        state: 'CO',
        age: 31,
        gender: 'female',
        preferred_sex: 'male',
        education: 'BSc Biology',
        job_title: '@avery',
        bio: 'Love is choosing each other every day.',
      },
    ]);
    expect(await t.eventsOf(userId)).toEqual([
      {
        type: 'ProfileUpdated',
        aggregate_id: userId,
        payload: {
          userId,
          gender: 'female',
          preferredSex: 'male',
          bio: 'Love is choosing each other every day.',
        },
      },
    ]);
  });

  it('replaces the profile on a second save (one row) and records a ProfileUpdated for each save', async () => {
    const userId = await t.addAccount();
    await save(userId, fields);
    const changed: ProfileFields = {
      ...fields,
      city: 'Boulder',
      gender: 'male',
      preferredSex: 'male',
      bio: 'Laughter.',
    };

    const view = await save(userId, changed);

    expect(view).toMatchObject(changed);
    expect(await profileRows(userId)).toEqual([
      expect.objectContaining({ city: 'Boulder', gender: 'male', bio: 'Laughter.' }),
    ]);
    expect((await t.eventsOf(userId)).map((event) => event.payload)).toEqual([
      { userId, gender: 'female', preferredSex: 'male', bio: fields.bio },
      { userId, gender: 'male', preferredSex: 'male', bio: 'Laughter.' },
    ]);
  });

  it("shows the photo's URL in the view when the person has one", async () => {
    const userId = await t.addAccount();
    await t.sql(
      `insert into user_image (user_id, content_type, data, etag, width, height, updated_at)
       values (?, 'image/webp', '\\x00'::bytea, 'etag', 1, 1, now())`,
      [userId],
    );

    await expect(save(userId, fields)).resolves.toMatchObject({ imageUrl: `/api/image/fetch/${userId}` });
  });

  it('writes neither a profile nor an event for an id that is no account (the foreign key refuses it)', async () => {
    const userId = randomUUID();

    await expect(save(userId, fields)).rejects.toBeInstanceOf(ForeignKeyConstraintViolationException);
    expect(await profileRows(userId)).toEqual([]);
    expect(await t.eventsOf(userId)).toEqual([]);
  });
});
