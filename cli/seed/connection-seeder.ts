import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../../libs/accounts/index.js';
import {
  ExpressInterestCommand,
  MarkReadCommand,
  SendMessageCommand,
  SendMessageDto,
  ListConnectionsQuery,
  ListMessagesQuery,
} from '../../libs/connections/index.js';
import { RequestMatchesCommand } from '../../libs/matching/index.js';
import { DomainError } from '../../libs/shared/domain-error.js';
import { SeededRandom, seedKey } from './seeded-random.js';
import { generateSeedUser, seedIndexOf, type SeedUser } from './seed-user-generator.js';
import { firstName, SMALL_TALK } from './small-talk.js';
import { validateDto } from './validate-dto.js';

export interface ConnectionSeedReport {
  /** Pairs connected by this run. */
  made: number;
  /** Pairs of seeded people an earlier run (or the people themselves) had connected already. */
  existing: number;
  /** Messages sent by this run (a line an earlier run sent is not sent again). */
  messages: number;
  /** The first pair, to sign in as one of them. */
  example: { email: string; name: string; otherName: string } | undefined;
}

/** The largest history page (GET …/messages?limit=100): more than a seeded conversation holds. */
const MAX_PAGE = 100;

interface Person {
  id: string;
  name: string;
  email: string;
  city: string;
}

/**
 * Connects seeded people the way members connect: one of them asks for today's matches (RequestMatches, as
 * POST /api/match/new), says "I'm interested" in someone of the set, who answers with interest too
 * (ExpressInterest both ways: the rules, the ConnectionMade event and the mails are the app's own); then they
 * exchange a few lines (SendMessage, each validated by the API's DTO), each having read the lines before their
 * own last one. Only seeded people of this seed are paired.
 * Repeatable: a person connected to another seeded person already counts as a pair, and each line has a
 * clientId derived from the conversation, so running it again never sends a line twice. A conversation holding
 * anything but the script's lines is the members' own: nothing is written into it in their names.
 */
export class ConnectionSeeder {
  private readonly commands: CommandBus;
  private readonly queries: QueryBus;
  private readonly users: UserRepository;
  private readonly orm: MikroORM;

  constructor(
    app: INestApplicationContext,
    private readonly options: { seed: number },
  ) {
    this.commands = app.get(CommandBus);
    this.queries = app.get(QueryBus);
    this.users = app.get(UserRepository, { strict: false });
    this.orm = app.get(MikroORM);
  }

  /** Up to `pairs` connections among `people` (in their order); fewer when not enough of them can meet. */
  async connect(people: Iterable<SeedUser>, pairs: number): Promise<ConnectionSeedReport> {
    const report: ConnectionSeedReport = { made: 0, existing: 0, messages: 0, example: undefined };
    const paired = new Set<string>();
    for (const user of people) {
      if (report.made + report.existing >= pairs) break;
      if (user.stage !== 'complete') continue;
      const person = await this.person(user);
      if (!person || paired.has(person.id)) continue;
      const pair = (await this.existingPartner(person, paired)) ?? (await this.newPartner(person, paired));
      if (!pair) continue;
      paired.add(person.id);
      paired.add(pair.other.id);
      report[pair.made ? 'made' : 'existing']++;
      const [opener, other] = turnOrder(person, pair.other);
      report.messages += await this.converse(pair.connectionId, opener, other);
      report.example ??= { email: opener.email, name: opener.name, otherName: other.name };
    }
    return report;
  }

  /** A seeded person this one is connected to already (an earlier run), if any. */
  private async existingPartner(
    person: Person,
    paired: Set<string>,
  ): Promise<{ other: Person; connectionId: string; made: false } | undefined> {
    const connections = await this.queries.execute(new ListConnectionsQuery(person.id));
    const others = await this.seededAmong(connections.map((connection) => connection.userId));
    for (const connection of connections) {
      const other = others.get(connection.userId);
      if (other && !paired.has(other.id)) return { other, connectionId: connection.id, made: false };
    }
    return undefined;
  }

  /** Someone from the person's set of today, interested in each other: a new connection. */
  private async newPartner(
    person: Person,
    paired: Set<string>,
  ): Promise<{ other: Person; connectionId: string; made: true } | undefined> {
    let set;
    try {
      set = await this.commands.execute(new RequestMatchesCommand(person.id));
    } catch (error) {
      if (error instanceof DomainError) return undefined; // not matchable (any more): someone else
      throw error;
    }
    const candidates = [set.best, set.medium, set.worst].flatMap((card) =>
      card && !paired.has(card.compatibility.id) ? [card.compatibility.id] : [],
    );
    const others = await this.seededAmong(candidates);
    for (const candidateId of candidates) {
      const other = others.get(candidateId);
      if (!other) continue;
      try {
        await this.commands.execute(new ExpressInterestCommand(person.id, other.id));
        const answer = await this.commands.execute(new ExpressInterestCommand(other.id, person.id));
        if (answer.mutual) return { other, connectionId: answer.connectionId, made: true };
      } catch (error) {
        // Blocked, unmatched, suspended: not someone this person can connect with; the next card may be.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return undefined;
  }

  /**
   * Three to six lines in turns, in the pair's own order; none when the conversation has a message that is not
   * one of them. Returns how many were new.
   */
  private async converse(connectionId: string, opener: Person, other: Person): Promise<number> {
    const random = new SeededRandom(seedKey(this.options.seed), hash32(connectionId));
    const script = random.pick(SMALL_TALK);
    const count = random.int(3, Math.min(6, script.length));
    const lines = script.slice(0, count).map((template, line) => {
      const [from, to] = line % 2 === 0 ? [opener, other] : [other, opener];
      return { from, text: template.replaceAll('{them}', firstName(to.name)).replaceAll('{city}', to.city) };
    });
    const history = await this.queries.execute(
      new ListMessagesQuery(opener.id, connectionId, undefined, MAX_PAGE),
    );
    const scripted = (message: { senderId: string; text: string }) =>
      lines.some((line) => line.from.id === message.senderId && line.text === message.text);
    if (history.more || !history.messages.every(scripted)) return 0;
    const known = new Set(history.messages.map((message) => message.id));
    const lastSentBy = new Map<string, string>();
    let sent = 0;
    for (const [line, { from, text }] of lines.entries()) {
      const dto = validateDto(
        SendMessageDto,
        { text, clientId: lineId(connectionId, line) },
        `a seeded message from ${from.email}`,
      );
      const message = await this.commands.execute(
        new SendMessageCommand(from.id, connectionId, dto.text, dto.clientId ?? null),
      );
      // A repeated clientId answers with the message an earlier run sent.
      if (!known.has(message.id)) sent++;
      lastSentBy.set(from.id, message.id);
    }
    // Each has read what came before their own last line (they answered it): only the last line is unread.
    for (const [userId, messageId] of lastSentBy)
      await this.commands.execute(new MarkReadCommand(userId, connectionId, messageId));
    return sent;
  }

  private async person(user: SeedUser): Promise<Person | undefined> {
    const account = await this.users.findByEmail(user.email, this.orm.em.fork());
    if (!account?.emailVerifiedAt) return undefined;
    return { id: account.id, name: account.name, email: account.email, city: user.profile.city };
  }

  /** Those of these ids that are people of this seed (their address says so), with what the lines need. */
  private async seededAmong(ids: string[]): Promise<Map<string, Person>> {
    const contacts = await this.users.contactsOf(ids, this.orm.em.fork());
    const people = new Map<string, Person>();
    for (const [id, contact] of contacts) {
      const index = seedIndexOf(contact.email, this.options.seed);
      if (index === undefined) continue;
      // A person's profile is drawn from (seed, index) alone, whatever their stage: the city is theirs.
      const { city } = generateSeedUser(this.options.seed, index, { allVerified: true }).profile;
      people.set(id, { id, name: contact.name, email: contact.email, city });
    }
    return people;
  }
}

/**
 * The two in the order they talk, by id: a later run may meet the other one first, and a line's clientId is
 * unique per sender, so the same line from the other sender would be sent again.
 */
export function turnOrder<T extends { id: string }>(one: T, another: T): [T, T] {
  return one.id < another.id ? [one, another] : [another, one];
}

/** A uuid fixed by the conversation and the line, so a second run's line is a retry of the first. */
export function lineId(connectionId: string, line: number): string {
  const hex = createHash('sha256').update(`fated-seed:${connectionId}:${line}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function hash32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}
