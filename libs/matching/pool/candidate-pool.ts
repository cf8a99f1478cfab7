import { packChoices, WORDS_PER_VECTOR } from '../domain/packed-answers.js';
import type { Sex } from '../domain/eligibility.js';
import { hashString } from '../domain/tiebreak.js';
import { encodeGroup, type ScoringGroup } from '../scoring/chunk-codes.js';

/** A user who can be matched: verified, with a profile and a quiz (the loader's SQL checks that). */
export interface PoolMember {
  userId: string;
  gender: Sex;
  preferredSex: Sex;
  choices: readonly number[];
}

/**
 * Everyone of one gender looking for one sex, as parallel typed arrays: packed answers (3 words each)
 * and a per-user hash for tie-breaks. A seeker's candidates are exactly one group, so mutual
 * gender fit costs nothing in the scoring loop.
 */
export class PoolGroup {
  ids: string[] = [];
  words = new Uint32Array(0);
  hashes = new Uint32Array(0);
  private readonly positions = new Map<string, number>();
  /** The group re-encoded for the fused scorer; dropped whenever a member changes. */
  private encoded: ScoringGroup | undefined;

  get size(): number {
    return this.ids.length;
  }

  positionOf(userId: string): number | undefined {
    return this.positions.get(userId);
  }

  /** The group as the fused scorer reads it, encoded once per version of the group. */
  scoring(): ScoringGroup {
    return (this.encoded ??= encodeGroup(this.words, this.hashes, this.size));
  }

  set(member: PoolMember): number {
    this.encoded = undefined;
    let position = this.positions.get(member.userId);
    if (position === undefined) {
      position = this.ids.length;
      this.ensureCapacity(position + 1);
      this.ids.push(member.userId);
      this.positions.set(member.userId, position);
      this.hashes[position] = hashString(member.userId);
    }
    packChoices(member.choices, this.words, position);
    return position;
  }

  /** Removes by moving the last member into the gap (positions are not stable across removals). */
  remove(userId: string): void {
    const position = this.positions.get(userId);
    if (position === undefined) return;
    this.encoded = undefined;
    const last = this.ids.length - 1;
    if (position !== last) {
      const moved = this.ids[last]!;
      this.ids[position] = moved;
      this.positions.set(moved, position);
      this.hashes[position] = this.hashes[last]!;
      this.words.copyWithin(
        position * WORDS_PER_VECTOR,
        last * WORDS_PER_VECTOR,
        (last + 1) * WORDS_PER_VECTOR,
      );
    }
    this.ids.pop();
    this.positions.delete(userId);
  }

  private ensureCapacity(count: number): void {
    if (this.hashes.length >= count) return;
    const capacity = Math.max(count, this.hashes.length * 2, 64);
    const words = new Uint32Array(capacity * WORDS_PER_VECTOR);
    words.set(this.words);
    const hashes = new Uint32Array(capacity);
    hashes.set(this.hashes);
    this.words = words;
    this.hashes = hashes;
  }
}

const groupKey = (gender: Sex, preferredSex: Sex) => `${gender}>${preferredSex}`;

/** All matchable users, grouped for scoring. Refreshed from the database per run (and cached briefly for requests). */
export class CandidatePool {
  private readonly groups = new Map<string, PoolGroup>();
  private readonly memberKeys = new Map<string, string>();

  constructor(readonly loadedAt: number = Date.now()) {}

  static of(members: Iterable<PoolMember>, loadedAt?: number): CandidatePool {
    const pool = new CandidatePool(loadedAt);
    for (const member of members) pool.set(member);
    return pool;
  }

  get size(): number {
    return this.memberKeys.size;
  }

  userIds(): string[] {
    return [...this.memberKeys.keys()];
  }

  /** Adds or updates a member (e.g. the requester's freshly saved answers). */
  set(member: PoolMember): void {
    const key = groupKey(member.gender, member.preferredSex);
    const previous = this.memberKeys.get(member.userId);
    if (previous !== undefined && previous !== key) this.groups.get(previous)!.remove(member.userId);
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new PoolGroup()));
    group.set(member);
    this.memberKeys.set(member.userId, key);
  }

  remove(userId: string): void {
    const key = this.memberKeys.get(userId);
    if (key === undefined) return;
    this.groups.get(key)!.remove(userId);
    this.memberKeys.delete(userId);
  }

  /** Where a member sits: their own group and position, for reading their packed answers. */
  locate(userId: string): { group: PoolGroup; position: number; gender: Sex; preferredSex: Sex } | undefined {
    const key = this.memberKeys.get(userId);
    if (key === undefined) return undefined;
    const group = this.groups.get(key)!;
    const [gender, preferredSex] = key.split('>') as [Sex, Sex];
    return { group, position: group.positionOf(userId)!, gender, preferredSex };
  }

  /** The group holding everyone who fits `seeker` both ways: their preferred sex, looking for the seeker's. */
  candidatesFor(seeker: { gender: Sex; preferredSex: Sex }): PoolGroup | undefined {
    return this.groups.get(groupKey(seeker.preferredSex, seeker.gender));
  }
}
