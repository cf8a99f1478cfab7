import { createHandlerContext, type HandlerContext } from '../../../test/support/handler-context.js';
import { Outbox } from '../../messaging/outbox.js';
import { MemberRepository } from '../members/member.repository.js';
import { MatchSetRepository } from './match-set.repository.js';
import { matchMember, plannedSet } from '../../../test/support/planned-sets.js';
import { MatchSetWriter } from './match-set-writer.js';

describe('MatchSetWriter', () => {
  let t: HandlerContext;
  let writer: MatchSetWriter;

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [],
      providers: [MatchSetWriter, MatchSetRepository, MemberRepository, Outbox],
    });
    writer = t.app.get(MatchSetWriter);
  }, 60_000);

  afterAll(() => t.close());

  const member = (name: string) => matchMember(t, name);

  /** The day's pairs as the no-repeat window reads them: [user seq, candidate seq] per pick. */
  async function pairsOf(day: string): Promise<[number, number][]> {
    const chunks = await t.app.get(MatchSetRepository).pairsOfDay(t.orm.em.fork(), day);
    const pairs: [number, number][] = [];
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.length; at += 2) pairs.push([chunk[at]!, chunk[at + 1]!]);
    }
    return pairs;
  }

  const picksOf = (userId: string, day: string) =>
    t.sql<{ tier: string; candidate_id: string; user_seq: number; candidate_seq: number }>(
      `select tier, candidate_id, user_seq, candidate_seq from match_pick where user_id = ? and day = ?::date order by tier`,
      [userId, day],
    );

  it('stores sets, picks with their seqs and one MatchesGenerated each, in the day partition it creates', async () => {
    const [ana, ben, cy] = [await member('Ana'), await member('Ben'), await member('Cy')];
    const report = await writer.write('2031-05-01', [plannedSet(ana, [ben, cy]), plannedSet(ben, [])]);

    expect(report).toEqual({ created: 2, empty: 1, existing: 0, departed: 0 });
    expect(await picksOf(ana.id, '2031-05-01')).toEqual([
      { tier: 'best', candidate_id: ben.id, user_seq: ana.seq, candidate_seq: ben.seq },
      { tier: 'medium', candidate_id: cy.id, user_seq: ana.seq, candidate_seq: cy.seq },
    ]);
    expect(await pairsOf('2031-05-01')).toEqual([
      [ana.seq, ben.seq],
      [ana.seq, cy.seq],
    ]);
    const partitions = await t.sql(`select 1 from pg_class where relname = 'match_pick_20310501'`);
    expect(partitions).toHaveLength(1);
    const events = await t.eventsOf(ana.id);
    expect(events.map((event) => [event.type, event.payload])).toEqual([
      [
        'MatchesGenerated',
        {
          day: '2031-05-01',
          picks: [
            { tier: 'best', candidateId: ben.id, percent: 90 },
            { tier: 'medium', candidateId: cy.id, percent: 70 },
          ],
        },
      ],
    ]);
  });

  it('keeps the set a concurrent writer stored first', async () => {
    const [dee, eve, fay] = [await member('Dee'), await member('Eve'), await member('Fay')];
    await writer.write('2031-05-02', [plannedSet(dee, [eve])]);

    expect(await writer.write('2031-05-02', [plannedSet(dee, [fay])])).toEqual({
      created: 0,
      empty: 0,
      existing: 1,
      departed: 0,
    });
    expect((await picksOf(dee.id, '2031-05-02')).map((pick) => pick.candidate_id)).toEqual([eve.id]);
    expect(await pairsOf('2031-05-02')).toEqual([[dee.seq, eve.seq]]);
  });

  it('drops people deleted since they were scored: no set for a leaver, no pick of one', async () => {
    const [gil, hal, ivy, jo] = [
      await member('Gil'),
      await member('Hal'),
      await member('Ivy'),
      await member('Jo'),
    ];
    await t.sql(`delete from app_user where id in (?, ?)`, [ivy.id, jo.id]);

    const report = await writer.write('2031-05-03', [plannedSet(gil, [hal, ivy]), plannedSet(jo, [gil])]);

    expect(report).toEqual({ created: 1, empty: 0, existing: 0, departed: 1 });
    expect((await picksOf(gil.id, '2031-05-03')).map((pick) => pick.candidate_id)).toEqual([hal.id]);
    const [set] = await t.sql<{ pick_count: number }>(
      `select pick_count from match_set where user_id = ? and day = '2031-05-03'`,
      [gil.id],
    );
    expect(Number(set!.pick_count)).toBe(1);
    expect(await t.sql(`select 1 from match_set where user_id = ?`, [jo.id])).toHaveLength(0);
    expect(await pairsOf('2031-05-03')).toEqual([[gil.seq, hal.seq]]);
  });

  it('a member deleted later takes their sets and every pick naming them along', async () => {
    const [max, ned, ora] = [await member('Max'), await member('Ned'), await member('Ora')];
    await writer.write('2031-05-04', [
      plannedSet(max, [ned, ora]),
      plannedSet(ned, [max, ora]),
      plannedSet(ora, [ned]),
    ]);

    await t.sql(`delete from app_user where id = ?`, [ned.id]);

    expect((await picksOf(max.id, '2031-05-04')).map((pick) => pick.candidate_id)).toEqual([ora.id]);
    expect(await picksOf(ora.id, '2031-05-04')).toEqual([]);
    expect(
      await t.sql(`select 1 from match_pick where user_id = ? or candidate_id = ?`, [ned.id, ned.id]),
    ).toEqual([]);
    expect(await t.sql(`select 1 from match_set where user_id = ?`, [ned.id])).toEqual([]);
    expect(await t.sql(`select 1 from match_set where user_id in (?, ?)`, [max.id, ora.id])).toHaveLength(2);
  });

  it('forgets the pairs of days two windows before a new day, and keeps the rest', async () => {
    const [kim, lou] = [await member('Kim'), await member('Lou')];
    await writer.write('2031-05-06', [plannedSet(kim, [lou])]);

    await writer.write('2031-07-05', [plannedSet(lou, [kim])]);

    // 2031-07-05 less 60 days is 2031-05-06: the days before it go, that day stays.
    expect(await pairsOf('2031-05-01')).toEqual([]);
    expect(await pairsOf('2031-05-03')).toEqual([]);
    expect(await pairsOf('2031-05-06')).toEqual([[kim.seq, lou.seq]]);
    expect(await pairsOf('2031-07-05')).toEqual([[lou.seq, kim.seq]]);
  });
});
