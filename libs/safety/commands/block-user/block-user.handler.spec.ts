import { randomUUID } from 'node:crypto';
import { createHandlerContext, type HandlerContext } from '../../../../test/support/handler-context.js';
import { matchMember, plannedSet } from '../../../../test/support/planned-sets.js';
import { User, UserRepository } from '../../../accounts/index.js';
import { MatchHistory } from '../../../matching/index.js';
import { ShownMatches } from '../../../shared/auth/shown-matches.port.js';
import { MatchSetRepository } from '../../../matching/storage/match-set.repository.js';
import { MatchSetWriter } from '../../../matching/storage/match-set-writer.js';
import { MemberRepository } from '../../../matching/members/member.repository.js';
import { Outbox } from '../../../messaging/outbox.js';
import { BlockRepository } from '../../block.repository.js';
import { KnownPeople } from '../../known-people.js';
import { BlockUserCommand } from './block-user.command.js';
import { BlockUserHandler } from './block-user.handler.js';

describe('BlockUserHandler (on a real database)', () => {
  let t: HandlerContext;

  const block = (userId: string, blockedUserId: string) =>
    t.commands.execute(new BlockUserCommand(userId, blockedUserId));
  const blocksBy = (userId: string) =>
    t.sql(`select blocked_user_id from user_block where user_id = ?`, [userId]);

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [User],
      providers: [
        UserRepository,
        BlockRepository,
        KnownPeople,
        MatchHistory,
        { provide: ShownMatches, useExisting: MatchHistory },
        MatchSetRepository,
        MatchSetWriter,
        MemberRepository,
        Outbox,
        BlockUserHandler,
      ],
    });
  });

  /** Two accounts, the second shown to the first in a set: someone the first may block. */
  let day = 0;
  async function shownPair(): Promise<[string, string]> {
    const [viewer, shown] = [await matchMember(t, 'Viewer'), await matchMember(t, 'Shown')];
    await t.app
      .get(MatchSetWriter)
      .write(`2031-06-${String(++day).padStart(2, '0')}`, [plannedSet(viewer, [shown])]);
    // The set's own event is not what these cases look at.
    await t.sql(`delete from outbox_message where type = 'MatchesGenerated'`);
    return [viewer.id, shown.id];
  }
  afterAll(() => t?.close());

  it('stores the block and records UserBlocked under the one who blocked', async () => {
    const [userId, blockedUserId] = await shownPair();

    await expect(block(userId, blockedUserId)).resolves.toEqual({ blocked: true });

    expect(await blocksBy(userId)).toEqual([{ blocked_user_id: blockedUserId }]);
    expect(await t.eventsOf(userId)).toEqual([
      { type: 'UserBlocked', aggregate_id: userId, payload: { userId, blockedUserId } },
    ]);
    expect(await t.eventsOf(blockedUserId)).toEqual([]);
  });

  it('is idempotent: a second block answers the same and records no second event', async () => {
    const [userId, blockedUserId] = await shownPair();
    await block(userId, blockedUserId);

    await expect(block(userId, blockedUserId)).resolves.toEqual({ blocked: true });

    expect(await blocksBy(userId)).toHaveLength(1);
    expect(await t.eventsOf(userId)).toHaveLength(1);
  });

  it('refuses to block oneself and writes nothing', async () => {
    const userId = await t.addAccount();

    await expect(block(userId, userId)).rejects.toMatchObject({ kind: 'invalid', code: 'self-block' });
    expect(await blocksBy(userId)).toEqual([]);
    expect(await t.eventsOf(userId)).toEqual([]);
  });

  it('answers a stranger exactly as someone who is no account, and writes nothing', async () => {
    const userId = await t.addAccount();
    const stranger = await t.addAccount();

    for (const other of [randomUUID(), stranger]) {
      await expect(block(userId, other)).rejects.toMatchObject({
        kind: 'not-found',
        message: 'No such person',
      });
    }
    expect(await blocksBy(userId)).toEqual([]);
    expect(await t.eventsOf(userId)).toEqual([]);
  });
});
