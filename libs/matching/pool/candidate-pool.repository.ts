import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { Sex } from '../domain/eligibility.js';
import { numbers, placeholders, query } from '../persistence/sql.js';
import type { PoolMember } from './candidate-pool.js';

interface MemberRow {
  user_id: string;
  choices: unknown;
  gender: Sex;
  preferred_sex: Sex;
}

/**
 * "Can be matched" in SQL: a verified, unsuspended account with a profile and a personality vector (the quiz, as the
 * matcher has processed it). The same rule as domain/eligibility.ts canBeMatched().
 */
const MEMBERS = `
  select v.user_id, v.choices, p.gender, p.preferred_sex
    from personality_vector v
    join profile p on p.user_id = v.user_id
    join app_user u on u.id = v.user_id
   where u.email_verified_at is not null and u.suspended_at is null`;

@Injectable()
export class CandidatePoolRepository {
  async all(em: EntityManager): Promise<PoolMember[]> {
    return (await query<MemberRow>(em, MEMBERS)).map(toMember);
  }

  async some(em: EntityManager, userIds: string[]): Promise<PoolMember[]> {
    if (userIds.length === 0) return [];
    return (
      await query<MemberRow>(em, `${MEMBERS} and v.user_id in (${placeholders(userIds.length)})`, userIds)
    ).map(toMember);
  }
}

function toMember(row: MemberRow): PoolMember {
  return {
    userId: row.user_id,
    gender: row.gender,
    preferredSex: row.preferred_sex,
    choices: numbers(row.choices),
  };
}
