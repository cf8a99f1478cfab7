import { QUESTION_COUNT } from './questions.js';
import { QuizErrors } from './quiz-errors.js';

/**
 * A complete set of answers: one choice (1–5) per question, in question order. Built from what the client
 * sent; only the question ids and choices count, the texts come from questions.ts.
 */
export class QuizAnswers {
  private constructor(readonly choices: readonly number[]) {}

  /** Expects ids 1–19 and choices 1–5 already checked at the edge; enforces "each question exactly once". */
  static fromSubmission(answers: readonly { id: number; choice: number }[]): QuizAnswers {
    const choices = new Array<number | undefined>(QUESTION_COUNT).fill(undefined);
    for (const answer of answers) {
      if (choices[answer.id - 1] !== undefined) throw QuizErrors.duplicateAnswer(answer.id);
      choices[answer.id - 1] = answer.choice;
    }
    const missing = choices.findIndex((choice) => choice === undefined);
    if (missing >= 0) throw QuizErrors.missingAnswer(missing + 1);
    return new QuizAnswers(choices as number[]);
  }
}
