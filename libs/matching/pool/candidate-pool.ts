import { packChoices, WORDS_PER_VECTOR } from '../domain/packed-answers.js';
import { soughtBy, type Sex } from '../domain/eligibility.js';
import { hashString } from '../domain/tiebreak.js';
import { encodeGroup, type ScoringGroup } from '../scoring/scoring-group.js';

/** A member who can be matched (domain/eligibility.ts rule 1: the loader reads matchable_member). */
export interface PoolMember {
  userId: string;
  /** The member's dense integer id (match_member.seq), which picks carry too. */
  seq: number;
  gender: Sex;
  preferredSex: Sex;
  choices: readonly number[];
}

/**
 * Everyone of one gender looking for one sex, as parallel typed arrays: packed answers (3 words each)
 * and a per-user hash for tie-breaks. A seeker's candidates are exactly one group (rule 2 of
 * domain/eligibility.ts, `soughtBy`), so the sexes cost nothing in the scoring loop.
 */
export class PoolGroup {
  ids: string[] = [];
  words = new Uint32Array(0);
  hashes = new Uint32Array(0);
  seqs = new Int32Array(0);
  private readonly positions = new Map<string, number>();
  /** Position by seq (-1: not in this group), for exclusions kept by seq (RecentPairIndex). */
  private positionBySeq = new Int32Array(0);
  /** The group encoded for the scoring kernel; dropped whenever a member changes. */
  private encoded: ScoringGroup | undefined;

  get size(): number {
    return this.ids.length;
  }

  positionOf(userId: string): number | undefined {
    return this.positions.get(userId);
  }

  /** The position of the member with this seq, or -1. */
  positionOfSeq(seq: number): number {
    return seq < this.positionBySeq.length ? this.positionBySeq[seq]! : -1;
  }

  /** The group as the scoring kernel reads it, encoded once per version of the group. */
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
    this.seqs[position] = member.seq;
    this.placeSeq(member.seq, position);
    packChoices(member.choices, this.words, position);
    return position;
  }

  /** Removes by moving the last member into the gap (positions are not stable across removals). */
  remove(userId: string): void {
    const position = this.positions.get(userId);
    if (position === undefined) return;
    this.encoded = undefined;
    this.positionBySeq[this.seqs[position]!] = -1;
    const last = this.ids.length - 1;
    if (position !== last) {
      const moved = this.ids[last]!;
      this.ids[position] = moved;
      this.positions.set(moved, position);
      this.hashes[position] = this.hashes[last]!;
      this.seqs[position] = this.seqs[last]!;
      this.placeSeq(this.seqs[position]!, position);
      this.words.copyWithin(
        position * WORDS_PER_VECTOR,
        last * WORDS_PER_VECTOR,
        (last + 1) * WORDS_PER_VECTOR,
      );
    }
    this.ids.pop();
    this.positions.delete(userId);
  }

  private placeSeq(seq: number, position: number): void {
    if (seq >= this.positionBySeq.length) {
      const grown = new Int32Array(Math.max(seq + 1, this.positionBySeq.length * 2, 64)).fill(-1);
      grown.set(this.positionBySeq);
      this.positionBySeq = grown;
    }
    this.positionBySeq[seq] = position;
  }

  private ensureCapacity(count: number): void {
    if (this.hashes.length >= count) return;
    const capacity = Math.max(count, this.hashes.length * 2, 64);
    const words = new Uint32Array(capacity * WORDS_PER_VECTOR);
    words.set(this.words);
    const hashes = new Uint32Array(capacity);
    hashes.set(this.hashes);
    const seqs = new Int32Array(capacity);
    seqs.set(this.seqs);
    this.words = words;
    this.hashes = hashes;
    this.seqs = seqs;
  }
}

const groupKey = ({ gender, preferredSex }: { gender: Sex; preferredSex: Sex }) =>
  `${gender}>${preferredSex}`;

/** All matchable users, grouped for scoring. Refreshed from the database per run (and cached briefly for requests). */
export class CandidatePool {
  private readonly groups = new Map<string, PoolGroup>();
  private readonly memberKeys = new Map<string, string>();

  constructor(readonly loadedAt: number = Date.now()) {}

  get size(): number {
    return this.memberKeys.size;
  }

  userIds(): string[] {
    return [...this.memberKeys.keys()];
  }

  /** Adds or updates a member (e.g. the requester's freshly saved answers). */
  set(member: PoolMember): void {
    const key = groupKey(member);
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

  /** Every group with its key (gender>preferred sex), for indexes built over the whole pool. */
  groupEntries(): [string, PoolGroup][] {
    return [...this.groups.entries()];
  }

  /** The group holding everyone `seeker` may be matched with by sex (`soughtBy`). */
  candidatesFor(seeker: { gender: Sex; preferredSex: Sex }): PoolGroup | undefined {
    return this.groups.get(groupKey(soughtBy(seeker)));
  }
}
