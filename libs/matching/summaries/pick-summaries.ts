import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { writeSummary } from '../domain/summary-writer.js';
import { hashString } from '../domain/tiebreak.js';
import { AnswerEmbeddings } from '../embeddings/answer-embeddings.js';
import { cosine, TextEmbeddings } from '../embeddings/text-embeddings.js';
import { Metrics } from '../../shared/observability/metrics.js';
import { PersonalityVectorRepository } from '../personality/personality-vector.repository.js';
import {
  MatchSetRepository,
  type SummaryPersonRow,
  type UnsummarisedPick,
} from '../storage/match-set.repository.js';

/**
 * Writes the compatibility summaries of stored picks, once. The daily run stores only who, tier and percent;
 * the summary pass (SummaryPass) writes a day's summaries right after, and a card read before the pass
 * reached it has its summaries written here on that first read. Written from stored data only (answers, bios,
 * their embeddings and the model's answer similarities), so a gateway without the model writes the same text
 * a matcher would; concurrent writers race harmlessly (the update keeps the first text).
 */
@Injectable()
export class PickSummaries {
  constructor(
    private readonly sets: MatchSetRepository,
    private readonly personality: PersonalityVectorRepository,
    private readonly answerEmbeddings: AnswerEmbeddings,
    private readonly embeddings: TextEmbeddings,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** Fills the missing summaries of `userId`'s picks (of one day, or of every day for the data export). */
  async fill(em: EntityManager, userId: string, day?: string): Promise<void> {
    const written = await this.write(em, await this.sets.picksWithoutSummary(em, userId, day));
    this.metrics?.summariesWritten.inc({ path: 'read' }, written);
  }

  /** Fills the missing summaries of the picks of `day` of `userIds`; returns how many it wrote. */
  async fillDay(em: EntityManager, day: string, userIds: string[]): Promise<number> {
    const written = await this.write(em, await this.sets.dayPicksWithoutSummary(em, day, userIds));
    this.metrics?.summariesWritten.inc({ path: 'pass' }, written);
    return written;
  }

  /**
   * The pair's summary as `viewerId` reads it, written now and not stored: for a card of someone who was never
   * in the viewer's own sets (they were in theirs, and are interested). Empty without both members' answers.
   */
  async writeFor(em: EntityManager, viewerId: string, candidateId: string): Promise<string> {
    const people = new Map(
      (await this.sets.summaryPeople(em, [viewerId, candidateId])).map((person) => [person.userId, person]),
    );
    const viewer = people.get(viewerId);
    if (!viewer) return '';
    const model = this.answerEmbeddings.ifReady()?.modelId ?? viewer.embeddingModel;
    const [written] = await this.summarise(em, model, [{ userId: viewerId, candidateId }], people);
    return written?.summary ?? '';
  }

  private async write(em: EntityManager, missing: UnsummarisedPick[]): Promise<number> {
    if (missing.length === 0) return 0;
    const ids = [...new Set(missing.flatMap((pick) => [pick.userId, pick.candidateId]))];
    const people = new Map((await this.sets.summaryPeople(em, ids)).map((person) => [person.userId, person]));
    // This process's model if it has one, else the one of the viewer's vector (a gateway reads that model's
    // stored similarities). A loaded model's table is started here for the next writer, never waited for.
    const loaded = this.embeddings.ifReady();
    if (loaded) this.answerEmbeddings.get(loaded).catch(() => undefined);
    const here = this.answerEmbeddings.ifReady()?.modelId;
    const byModel = new Map<string | null, UnsummarisedPick[]>();
    for (const pick of missing) {
      const viewer = people.get(pick.userId);
      if (!viewer) continue; // no stored answers: nothing to write from (the card shows an empty summary)
      const model = here ?? viewer.embeddingModel;
      const group = byModel.get(model);
      if (group) group.push(pick);
      else byModel.set(model, [pick]);
    }
    const written: (UnsummarisedPick & { summary: string })[] = [];
    for (const [model, picks] of byModel) written.push(...(await this.summarise(em, model, picks, people)));
    await this.sets.saveSummaries(em, written);
    return written.length;
  }

  private async summarise<Pair extends { userId: string; candidateId: string }>(
    em: EntityManager,
    modelId: string | null,
    picks: Pair[],
    people: Map<string, SummaryPersonRow>,
  ): Promise<(Pair & { summary: string })[]> {
    const answers = modelId ? await this.answerEmbeddings.forModel(modelId) : undefined;
    const ids = [...new Set(picks.flatMap((pick) => [pick.userId, pick.candidateId]))];
    const bios = answers
      ? await this.personality.bioEmbeddings(em, ids, answers.modelId)
      : new Map<string, Float32Array>();
    const answerSimilarity = answers ? answers.similarity.bind(answers) : undefined;
    return picks.flatMap((pick) => {
      const viewer = people.get(pick.userId)!;
      const candidate = people.get(pick.candidateId);
      if (!candidate) return [];
      const summary = writeSummary({
        viewer,
        candidate,
        answerSimilarity,
        bioSimilarity: cosine(bios.get(pick.userId), bios.get(pick.candidateId)),
        seed: hashString(`${pick.userId}|${pick.candidateId}`),
      });
      return [{ ...pick, summary }];
    });
  }
}
