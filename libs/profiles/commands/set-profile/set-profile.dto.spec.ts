import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../../../shared/http/validation.pipe.js';
import { ProfileMessages as M } from '../../profile-rules.js';
import { SetProfileDto } from './set-profile.dto.js';

const pipe = createValidationPipe();
const valid = {
  id: '4b4f2f8e-2a0c-4d7e-9d2b-1b8b8e6f7a10',
  city: 'Austin',
  state: 'TX',
  age: 27,
  gender: 'female',
  preferredSex: 'male',
  education: 'BSc Computer Science',
  jobTitle: '@avery.codes',
  bio: 'Love is choosing each other every day.',
};

function parse(body: object): Promise<SetProfileDto> {
  return pipe.transform(body, { type: 'body', metatype: SetProfileDto }) as Promise<SetProfileDto>;
}

async function rejection(body: object): Promise<string> {
  try {
    await parse(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected the body to be rejected');
}

describe('SetProfileDto (the profile form rules, spec section 5)', () => {
  it('accepts a complete profile and trims its text', async () => {
    const dto = await parse({ ...valid, city: '  Austin ', bio: ' Love is patient. ' });
    expect(dto).toMatchObject({ ...valid, city: 'Austin', bio: 'Love is patient.' });
  });

  it('accepts empty or absent education, Instagram profile and bio, stored as empty strings', async () => {
    expect(await parse({ ...valid, education: '', jobTitle: '', bio: '' })).toMatchObject({
      education: '',
      jobTitle: '',
      bio: '',
    });
    const { education: _e, jobTitle: _j, bio: _b, ...required } = valid;
    expect(await parse(required)).toMatchObject({ education: '', jobTitle: '', bio: '' });
  });

  it('accepts the age bounds and a numeric string from a number input', async () => {
    expect((await parse({ ...valid, age: 18 })).age).toBe(18);
    expect((await parse({ ...valid, age: 120 })).age).toBe(120);
    expect((await parse({ ...valid, age: '35' })).age).toBe(35);
  });

  it.each([
    ['an empty city', { city: '' }, M.location],
    ['a blank city', { city: '   ' }, M.location],
    ['a city with a comma', { city: 'Austin, TX' }, M.location],
    ['a city of 81 characters', { city: 'A'.repeat(81) }, M.location],
    ['a missing city', { city: undefined }, M.location],
    ['a lower-case state', { state: 'tx' }, M.location],
    ['a three-letter state', { state: 'TEX' }, M.location],
    ['a missing state', { state: undefined }, M.location],
    ['age 17', { age: 17 }, M.age],
    ['age 121', { age: 121 }, M.age],
    ['a fractional age', { age: 20.5 }, M.age],
    ['a non-numeric age', { age: 'twenty' }, M.age],
    ['a missing age', { age: undefined }, M.age],
    ['an unknown gender', { gender: 'other' }, M.gender],
    ['a missing gender', { gender: undefined }, M.gender],
    ['a capitalised preferred sex', { preferredSex: 'Male' }, M.preferredSex],
    ['a missing preferred sex', { preferredSex: undefined }, M.preferredSex],
    ['education of 121 characters', { education: 'e'.repeat(121) }, M.education],
    ['an Instagram profile of 121 characters', { jobTitle: 'j'.repeat(121) }, M.jobTitle],
    ['a bio of 301 characters', { bio: 'b'.repeat(301) }, M.bio],
    ['a non-text bio', { bio: 42 }, M.bio],
    ['an id that is not a UUID', { id: 'me' }, M.userId],
  ])('refuses %s', async (_name, change, message) => {
    expect(await rejection({ ...valid, ...change })).toBe(message);
  });

  it('accepts the longest allowed texts', async () => {
    const dto = await parse({
      ...valid,
      city: 'C'.repeat(80),
      education: 'e'.repeat(120),
      jobTitle: 'j'.repeat(120),
      bio: 'b'.repeat(300),
    });
    expect(dto.bio).toHaveLength(300);
  });

  it('refuses fields the form does not have', async () => {
    expect(await rejection({ ...valid, admin: true })).toBe('property admin should not exist');
  });
});
