import { Injectable } from '@nestjs/common';
import { CHOICES_PER_QUESTION, QUESTIONS, QUESTION_COUNT } from '../../quiz/questions.js';
import type { Embedder } from './embedder.js';

/**
 * Embeddings of the 95 answer texts, computed once per model. Every user's answer texts come from this
 * fixed set, so per-question similarities are a table lookup and a user's "answers embedding" is the
 * normalised mean of 19 rows, with no model call per user.
 */
export class AnswerTextVectors {
  private constructor(
    readonly modelId: string,
    private readonly vectors: Float32Array[],
    private readonly similarities: Float32Array,
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
    return new AnswerTextVectors(embedder.modelId, vectors, similarities);
  }

  /** Cosine similarity of the texts of two choices on one question (1-based ids and choices). */
  similarity(questionId: number, choiceA: number, choiceB: number): number {
    const per = CHOICES_PER_QUESTION;
    return this.similarities[((questionId - 1) * per + choiceA - 1) * per + choiceB - 1]!;
  }

  /** The unit-length mean of the embeddings of a user's 19 answer texts. */
  answersEmbedding(choices: readonly number[]): Float32Array {
    const dimension = this.vectors[0]!.length;
    const mean = new Float32Array(dimension);
    choices.forEach((choice, q) => {
      const vector = this.vectors[q * CHOICES_PER_QUESTION + choice - 1]!;
      for (let i = 0; i < dimension; i++) mean[i]! += vector[i]!;
    });
    const norm = Math.hypot(...mean) || 1;
    for (let i = 0; i < dimension; i++) mean[i]! /= norm;
    return mean;
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** One AnswerTextVectors per process, built the first time a model is available. */
@Injectable()
export class AnswerEmbeddings {
  private building: Promise<AnswerTextVectors> | undefined;
  private built: AnswerTextVectors | undefined;

  get(embedder: Embedder): Promise<AnswerTextVectors> {
    this.building ??= AnswerTextVectors.build(embedder).then(
      (vectors) => (this.built = vectors),
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
}
