import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { AnswerEmbeddings } from '../embeddings/answer-embeddings.js';
import type { Embedder } from '../embeddings/embedder.js';
import { TextEmbeddings } from '../embeddings/text-embeddings.js';
import {
  PersonalityVectorRepository,
  type PersonalitySource,
  type PersonalityVector,
} from './personality-vector.repository.js';

const BATCH = 256;

/**
 * Builds and stores personality vectors: the 19 choices plus embeddings of the user's answer texts and
 * bio. Embedding happens before the write transaction, so no transaction waits on the model.
 */
@Injectable()
export class PersonalityVectors {
  constructor(
    private readonly orm: MikroORM,
    private readonly repository: PersonalityVectorRepository,
    private readonly embeddings: TextEmbeddings,
    private readonly answerEmbeddings: AnswerEmbeddings,
  ) {}

  /**
   * Reads the current quiz and bio of `userIds` and computes their vectors (not yet stored). `waitForModel`
   * false (request paths) uses the model only if it is loaded already.
   */
  async prepare(
    userIds: string[],
    options: { waitForModel: boolean } = { waitForModel: true },
  ): Promise<PersonalityVector[]> {
    const sources = await this.repository.sources(this.orm.em.fork(), userIds);
    const embedder = options.waitForModel ? await this.embeddings.model() : this.embeddings.ifReady();
    return this.vectorize(sources, embedder);
  }

  /**
   * Whether the user's stored vector already reflects their current quiz and profile. A burst of profile saves
   * is a burst of events; the first one handled builds from the latest stored state and the rest find it current,
   * so a member saving 60 times costs one embedding, not 60.
   */
  async isCurrent(userId: string): Promise<boolean> {
    const embedder = await this.embeddings.model();
    return this.repository.isCurrent(this.orm.em.fork(), userId, embedder?.modelId);
  }

  /** `isCurrent` for many users at once: those of `userIds` whose stored vector is current. */
  async currentOf(userIds: string[]): Promise<Set<string>> {
    const embedder = await this.embeddings.model();
    return this.repository.current(this.orm.em.fork(), userIds, embedder?.modelId);
  }

  save(em: EntityManager, vectors: PersonalityVector[]): Promise<void> {
    return this.repository.saveAll(em, vectors, new Date());
  }

  /**
   * Refreshes every missing or outdated vector (e.g. after a crash lost events, or a model change), in
   * batches; the next batch is embedded while the previous one is written. Returns how many were written.
   */
  async refreshStale(): Promise<number> {
    const embedder = await this.embeddings.model();
    const stale = await this.repository.staleUserIds(this.orm.em.fork(), embedder?.modelId);
    let writing: Promise<void> = Promise.resolve();
    for (let start = 0; start < stale.length; start += BATCH) {
      const sources = await this.repository.sources(this.orm.em.fork(), stale.slice(start, start + BATCH));
      const vectors = await this.vectorize(sources, embedder);
      await writing;
      writing = this.orm.em.fork().transactional((em) => this.save(em, vectors));
      writing.catch(() => undefined);
    }
    await writing;
    return stale.length;
  }

  private async vectorize(
    sources: PersonalitySource[],
    embedder: Embedder | undefined,
  ): Promise<PersonalityVector[]> {
    if (!embedder) {
      return sources.map((source) => ({
        userId: source.userId,
        choices: source.choices,
        bioEmbedding: null,
        embeddingModel: null,
      }));
    }
    // The model's answer similarities, stored for summaries written where no model is loaded.
    await this.answerEmbeddings.get(embedder);
    const withBio = sources.filter((source) => source.bio.trim() !== '');
    const bioVectors = await embedder.embed(withBio.map((source) => source.bio));
    const bioOf = new Map(withBio.map((source, i) => [source.userId, bioVectors[i]!]));
    return sources.map((source) => ({
      userId: source.userId,
      choices: source.choices,
      bioEmbedding: bioOf.get(source.userId) ?? null,
      embeddingModel: embedder.modelId,
    }));
  }
}
