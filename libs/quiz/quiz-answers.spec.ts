import { QuizAnswers } from './quiz-answers.js';

const full = () => Array.from({ length: 19 }, (_, i) => ({ id: i + 1, choice: (i % 5) + 1 }));

describe('quiz answers', () => {
  it('orders the choices by question, whatever order they came in', () => {
    expect(QuizAnswers.fromSubmission([...full()].reverse()).choices).toEqual(full().map((a) => a.choice));
  });

  it("names the first missing question with the spec's text", () => {
    const answers = full().filter((a) => a.id !== 7 && a.id !== 12);
    expect(() => QuizAnswers.fromSubmission(answers)).toThrow('Missing answer for Q7');
    expect(() => QuizAnswers.fromSubmission([])).toThrow('Missing answer for Q1');
  });

  it('refuses a question answered twice', () => {
    const answers = full();
    answers[18] = { id: 3, choice: 1 };
    expect(() => QuizAnswers.fromSubmission(answers)).toThrow('Q3 is answered more than once');
  });
});
