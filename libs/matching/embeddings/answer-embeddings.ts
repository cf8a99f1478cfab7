import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { CHOICES_PER_QUESTION, QUESTIONS, QUESTION_COUNT } from '../../quiz/index.js';
import type { Embedder } from './embedder.js';
import { AnswerSimilarityRepository } from './answer-similarity.repository.js';

/** Cosine similarity of the texts of two choices on one question, under one model (what summaries need). */
export interface AnswerSimilarity {
  readonly modelId: string;
  /** 1-based question id and choices. */
  similarity(questionId: number, choiceA: number, choiceB: number): number;
}

/** The 19 × 5 × 5 table of an AnswerTextVectors, as stored for processes without the model (a gateway). */
class StoredAnswerSimilarity implements AnswerSimilarity {
  constructor(
    readonly modelId: string,
    private readonly similarities: Float32Array,
  ) {}

  similarity(questionId: number, choiceA: number, choiceB: number): number {
    const per = CHOICES_PER_QUESTION;
    return this.similarities[((questionId - 1) * per + choiceA - 1) * per + choiceB - 1]!;
  }
}

/**
 * Similarities between the 95 answer texts, embedded once per model. Every user's answer texts come
 * from this fixed set, so a per-question similarity is a table lookup, with no model call per user.
 */
export class AnswerTextVectors implements AnswerSimilarity {
  private constructor(
    readonly modelId: string,
    readonly similarities: Float32Array,
  ) {}

  static async build(embedder: Embedder): Promise<AnswerTextVectors> {
    const texts = QUESTIONS.flatMap((question) => question.answers.map((answer) => answer.txt));
    const vectors = await embedder.embed(texts);
    const per = CHOICES_PER_QUESTION;
    const similarities = new Float32Array(QUESTION_COUNT * per * per);
    for (let q = 0; q < QUESTION_COUNT; q++) {
      for (let a = 0; a < per; a++) {
        for (let b = 0; b < per; b++) {
          similarities[(q * per + a) * per + b] = dot(vectors[q * per + a]!, vectors[q * per + b]!);
        }
      }
    }
    return new AnswerTextVectors(embedder.modelId, similarities);
  }

  /** Cosine similarity of the texts of two choices on one question (1-based ids and choices). */
  similarity(questionId: number, choiceA: number, choiceB: number): number {
    const per = CHOICES_PER_QUESTION;
    return this.similarities[((questionId - 1) * per + choiceA - 1) * per + choiceB - 1]!;
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/**
 * One AnswerTextVectors per process, built the first time a model is available. Its similarity table is
 * also stored (answer_text_similarity, one row per model), so that a process without the model — the
 * gateway writing a card's summary on first view — uses exactly the same numbers as a matcher would.
 */
@Injectable()
export class AnswerEmbeddings {
  private readonly logger = new Logger('AnswerEmbeddings');
  private building: Promise<AnswerTextVectors> | undefined;
  private built: AnswerTextVectors | undefined;
  /** Stored tables by model id; a model's table never changes, so once read it is kept. */
  private readonly stored = new Map<string, AnswerSimilarity>();

  constructor(
    private readonly orm: MikroORM,
    private readonly tables: AnswerSimilarityRepository,
  ) {}

  get(embedder: Embedder): Promise<AnswerTextVectors> {
    this.building ??= AnswerTextVectors.build(embedder).then(
      async (vectors) => {
        await this.store(vectors).catch((error: Error) =>
          this.logger.warn(`could not store the answer similarities of ${vectors.modelId}: ${error.message}`),
        );
        return (this.built = vectors);
      },
      (error: unknown) => {
        this.building = undefined; // a failed build is retried by the next caller
        throw error;
      },
    );
    return this.building;
  }

  /** Without waiting, for request paths: undefined until built. */
  ifReady(): AnswerTextVectors | undefined {
    return this.built;
  }

  /** The similarities of `modelId`: this process's own, or the stored ones; undefined if neither exists. */
  async forModel(modelId: string): Promise<AnswerSimilarity | undefined> {
    if (this.built?.modelId === modelId) return this.built;
    const cached = this.stored.get(modelId);
    if (cached) return cached;
    const table = await this.tables.find(this.orm.em.fork(), modelId);
    if (!table) return undefined;
    const similarity = new StoredAnswerSimilarity(modelId, table);
    this.stored.set(modelId, similarity);
    return similarity;
  }

  private async store(vectors: AnswerTextVectors): Promise<void> {
    await this.tables.save(this.orm.em.fork(), vectors.modelId, vectors.similarities);
  }
}
