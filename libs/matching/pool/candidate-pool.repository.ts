import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { MATCHABLE_MEMBER, type Sex } from '../domain/eligibility.js';
import { sql } from '../../persistence/sql.js';
import { numbers } from '../persistence/columns.js';
import type { PoolMember } from './candidate-pool.js';

interface MemberRow {
  user_id: string;
  seq: number;
  choices: unknown;
  gender: Sex;
  preferred_sex: Sex;
}

/** Every matchable member (rule 1 of domain/eligibility.ts, in SQL). */
const MEMBERS = `select user_id, seq, choices, gender, preferred_sex from ${MATCHABLE_MEMBER}`;

/** Members fetched at a time when the whole pool is loaded. */
const PAGE = 20_000;

@Injectable()
export class CandidatePoolRepository {
  /**
   * Every matchable member, through a cursor a page at a time, each page handed over before the next is
   * fetched: a million members read at once are a million row objects and as many copies, and the heap
   * they grow stays with the process for the whole run. One query still, so the database joins the view
   * once (paging by key would look up each member's vector).
   */
  async each(em: EntityManager, visit: (member: PoolMember) => void): Promise<void> {
    await em.transactional(async (tx) => {
      // The whole result is wanted: plan for it, not for the first rows (a cursor's default).
      await sql(tx, `set local cursor_tuple_fraction = 1`);
      await sql(tx, `declare pool_members no scroll cursor for ${MEMBERS}`);
      for (;;) {
        const rows = await sql<MemberRow>(tx, `fetch ${PAGE} from pool_members`);
        for (const row of rows) visit(toMember(row));
        if (rows.length < PAGE) return;
      }
    });
  }

  async some(em: EntityManager, userIds: string[]): Promise<PoolMember[]> {
    if (userIds.length === 0) return [];
    return (await sql<MemberRow>(em, `${MEMBERS} where user_id = any(?::uuid[])`, [userIds])).map(toMember);
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
