import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { writeSummary } from '../domain/summary-writer.js';
import { hashString } from '../domain/tiebreak.js';
import { AnswerEmbeddings } from '../embeddings/answer-embeddings.js';
import { cosine, TextEmbeddings } from '../embeddings/text-embeddings.js';
import { PersonalityVectorRepository } from '../personality/personality-vector.repository.js';
import { MatchSetRepository } from './match-set.repository.js';

/**
 * Writes the compatibility summaries of a member's picks the first time they are read, once. The daily run
 * stores only who, tier and percent: most picks of a million-member day are written long before anyone
 * reads them, and a summary costs more than the pick's scoring. Written from stored data only (answers, bios,
 * their embeddings and the model's answer similarities), so a gateway without the model writes the same text
 * a matcher would; concurrent readers race harmlessly (the update keeps the first text).
 */
@Injectable()
export class PickSummaries {
  constructor(
    private readonly sets: MatchSetRepository,
    private readonly personality: PersonalityVectorRepository,
    private readonly answerEmbeddings: AnswerEmbeddings,
    private readonly embeddings: TextEmbeddings,
  ) {}

  /** Fills the missing summaries of `userId`'s picks (of one day, or of every day for the data export). */
  async fill(em: EntityManager, userId: string, day?: string): Promise<void> {
    const missing = await this.sets.picksWithoutSummary(em, userId, day);
    if (missing.length === 0) return;
    const ids = [userId, ...new Set(missing.map((pick) => pick.candidateId))];
    const people = new Map((await this.sets.summaryPeople(em, ids)).map((person) => [person.userId, person]));
    const viewer = people.get(userId);
    if (!viewer) return; // no stored answers: nothing to write from (the card shows an empty summary)
    // This process's model if it has one, else the viewer's vector's (a gateway reads that model's stored
    // similarities). A loaded model's table is started here for the next reader, never waited for.
    const loaded = this.embeddings.ifReady();
    if (loaded) this.answerEmbeddings.get(loaded).catch(() => undefined);
    const modelId = this.answerEmbeddings.ifReady()?.modelId ?? viewer.embeddingModel;
    const answers = modelId ? await this.answerEmbeddings.forModel(modelId) : undefined;
    const bios = answers
      ? await this.personality.bioEmbeddings(em, ids, answers.modelId)
      : new Map<string, Float32Array>();
    const answerSimilarity = answers ? answers.similarity.bind(answers) : undefined;
    const written = missing.flatMap((pick) => {
      const candidate = people.get(pick.candidateId);
      if (!candidate) return [];
      const summary = writeSummary({
        viewer,
        candidate,
        answerSimilarity,
        bioSimilarity: cosine(bios.get(userId), bios.get(pick.candidateId)),
        seed: hashString(`${userId}|${pick.candidateId}`),
      });
      return [{ ...pick, summary }];
    });
    await this.sets.saveSummaries(em, userId, written);
  }
}
