import { compatibilityPercent } from '../../libs/matching/domain/compatibility.js';
import { seedRequests } from './seed-requests.js';
import {
  generateSeedUser,
  MAX_SEED_AGE,
  MIN_SEED_AGE,
  seedIndexOf,
  type SeedUser,
} from './seed-user-generator.js';
import { US_CITIES } from './us-cities.js';

const people = (seed: number, count: number, allVerified = true): SeedUser[] =>
  Array.from({ length: count }, (_, index) => generateSeedUser(seed, index, { allVerified }));

describe('seeded user generator', () => {
  it('gives the same people for the same seed, and other people for another seed', () => {
    expect(people(42, 30)).toEqual(people(42, 30));
    const emails = new Set(people(42, 30).map((user) => user.email));
    expect(people(43, 30).filter((user) => emails.has(user.email))).toEqual([]);
    expect(people(43, 30).map((user) => user.name)).not.toEqual(people(42, 30).map((user) => user.name));
  });

  it('makes user n the same whether 30 or 3000 are generated, and --verified changes only the stage', () => {
    const few = people(7, 30, false);
    const many = people(7, 3000, false);
    expect(many.slice(0, 30)).toEqual(few);
    const verified = people(7, 30, true);
    expect(verified.map(({ stage: _stage, ...rest }) => rest)).toEqual(
      few.map(({ stage: _stage, ...rest }) => rest),
    );
    expect(verified.every((user) => user.stage === 'complete')).toBe(true);
  });

  it("places everyone in a real US city as a valid 'City, ST'", () => {
    const known = new Set(US_CITIES.map((city) => `${city.city}, ${city.state}`));
    for (const user of people(1, 2000)) {
      const location = `${user.profile.city}, ${user.profile.state}`;
      expect(location).toMatch(/^[^,]+, [A-Z]{2}$/);
      expect(known.has(location)).toBe(true);
    }
    expect(new Set(people(1, 2000).map((user) => user.profile.state)).size).toBeGreaterThan(30);
  });

  it('draws adults from 18 to 70, skewed young', () => {
    const ages = people(3, 5000)
      .map((user) => user.profile.age)
      .sort((a, b) => a - b);
    expect(ages[0]).toBeGreaterThanOrEqual(MIN_SEED_AGE);
    expect(ages[ages.length - 1]).toBeLessThanOrEqual(MAX_SEED_AGE);
    expect(ages.every(Number.isInteger)).toBe(true);
    const median = ages[Math.floor(ages.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(22);
    expect(median).toBeLessThanOrEqual(32);
    expect(ages.filter((age) => age >= 50).length).toBeGreaterThan(0);
  });

  it('mixes genders and preferences like a real user base, mostly looking for the other sex', () => {
    const users = people(5, 4000);
    const women = users.filter((user) => user.profile.gender === 'female').length;
    expect(women / users.length).toBeGreaterThan(0.4);
    expect(women / users.length).toBeLessThan(0.6);
    const sameSex = users.filter((user) => user.profile.gender === user.profile.preferredSex).length;
    expect(sameSex / users.length).toBeGreaterThan(0.05);
    expect(sameSex / users.length).toBeLessThan(0.2);
  });

  it('writes bios as one sentence about love, and Instagram handles as handles', () => {
    for (const user of people(9, 500)) {
      if (user.profile.bio) expect(user.profile.bio).toMatch(/^[^.!?]*[Ll]ove[^.!?]* [^.!?]+\.$/);
      if (user.profile.jobTitle) expect(user.profile.jobTitle).toMatch(/^@[a-z0-9._]+$/);
    }
  });

  it('answers all 19 questions with 1–5, with enough structure that compatibility varies widely', () => {
    const users = people(11, 400);
    for (const user of users) {
      expect(user.answers).toHaveLength(19);
      expect(user.answers.every((choice) => Number.isInteger(choice) && choice >= 1 && choice <= 5)).toBe(
        true,
      );
    }
    const percents: number[] = [];
    for (let i = 0; i < users.length; i++) {
      for (let j = i + 1; j < users.length; j++)
        percents.push(compatibilityPercent(users[i]!.answers, users[j]!.answers));
    }
    percents.sort((a, b) => a - b);
    expect(percents[Math.floor(percents.length * 0.01)]).toBeLessThan(50);
    expect(percents[Math.floor(percents.length * 0.999)]).toBeGreaterThanOrEqual(90);
  });

  it('spreads users over the sign-up funnel unless everyone is to be verified', () => {
    const stages = new Set(people(13, 1000, false).map((user) => user.stage));
    expect([...stages].sort()).toEqual(['complete', 'profiled', 'registered', 'verified']);
  });

  it('produces requests the API accepts: unique emails, valid profile and quiz', () => {
    const users = people(17, 3000, false);
    expect(new Set(users.map((user) => user.email)).size).toBe(users.length);
    for (const user of users.slice(0, 300)) {
      const requests = seedRequests(user, 'fated-seed-password');
      expect(requests.register.email).toBe(user.email);
      expect(requests.profile('0b6f7a52-3c55-4c3e-9a57-6a0c1d8b2f10')).toEqual(user.profile);
      expect(requests.quiz('0b6f7a52-3c55-4c3e-9a57-6a0c1d8b2f10').map((answer) => answer.choice)).toEqual(
        user.answers,
      );
    }
  });

  it("finds a seeded person's index from their address, and only for their seed", () => {
    for (const user of people(7, 40)) expect(seedIndexOf(user.email, 7)).toBe(user.index);
    expect(seedIndexOf(people(7, 1)[0]!.email, 8)).toBeUndefined();
    expect(seedIndexOf('ava.reyes.1@example.com', 7)).toBeUndefined();
  });
});
