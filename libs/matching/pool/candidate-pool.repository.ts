import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { Sex } from '../domain/eligibility.js';
import { numbers, placeholders, query } from '../persistence/sql.js';
import type { PoolMember } from './candidate-pool.js';

interface MemberRow {
  user_id: string;
  seq: number;
  choices: unknown;
  gender: Sex;
  preferred_sex: Sex;
}

/** Who can be matched is the matchable_member view (migration 20261124000700), the rule's one home. */
const MEMBERS = `select user_id, seq, choices, gender, preferred_sex from matchable_member`;

@Injectable()
export class CandidatePoolRepository {
  async all(em: EntityManager): Promise<PoolMember[]> {
    return (await query<MemberRow>(em, MEMBERS)).map(toMember);
  }

  async some(em: EntityManager, userIds: string[]): Promise<PoolMember[]> {
    if (userIds.length === 0) return [];
    return (
      await query<MemberRow>(em, `${MEMBERS} where user_id in (${placeholders(userIds.length)})`, userIds)
    ).map(toMember);
  }
}

function toMember(row: MemberRow): PoolMember {
  return {
    userId: row.user_id,
    seq: Number(row.seq),
    gender: row.gender,
    preferredSex: row.preferred_sex,
    choices: numbers(row.choices),
  };
}
