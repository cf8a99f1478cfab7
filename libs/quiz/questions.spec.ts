import { CHOICES_PER_QUESTION, QUESTIONS, QUESTION_COUNT, answerText } from './questions.js';

describe('quiz questions', () => {
  it('has 19 questions on the spec themes in order, 5 answers each with choices 1–5', () => {
    expect(QUESTIONS).toHaveLength(QUESTION_COUNT);
    expect(QUESTIONS.map((q) => q.theme)).toEqual([
      'sociability',
      'weekends',
      'food',
      'group work',
      'change',
      'conflict',
      'decisions',
      'friday nights',
      'fitness',
      'alone time',
      'affection',
      'communication frequency',
      'life-goal talks',
      'free time',
      'travel',
      'music',
      'politics',
      'family',
      'personal growth',
    ]);
    QUESTIONS.forEach((q, index) => {
      expect(q.id).toBe(index + 1);
      expect(q.answers.map((a) => a.choice)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(q.answers.map((a) => a.txt)).size).toBe(CHOICES_PER_QUESTION);
    });
  });

  it('keeps sentence punctuation out of the texts the summaries quote', () => {
    for (const q of QUESTIONS) {
      for (const text of [q.topic, q.bridge, ...q.answers.map((a) => a.txt)])
        expect(text).not.toMatch(/[.!?]/);
    }
  });

  it('looks up the server’s own answer text', () => {
    expect(answerText(1, 1)).toBe(QUESTIONS[0]!.answers[0]!.txt);
    expect(() => answerText(20, 1)).toThrow(RangeError);
    expect(() => answerText(1, 6)).toThrow(RangeError);
  });
});
