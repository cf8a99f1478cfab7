import { QUESTIONS } from '../../quiz/questions.js';
import { firstName, sharedWords, writeSummary, type SummaryPerson } from './summary-writer.js';
import { hashString } from './tiebreak.js';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
const rng = random(7);
const randomAnswers = () => Array.from({ length: 19 }, () => 1 + Math.floor(rng() * 5));
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

const you = (choices: number[], bio = ''): SummaryPerson => ({ name: 'Robin Avery', choices, bio });
const them = (choices: number[], bio = '', name = 'Sam Lee'): SummaryPerson => ({ name, choices, bio });

describe('summary writer', () => {
  it('writes 2 to 4 whole sentences, ending in punctuation, never splitting inside a quote', () => {
    for (let i = 0; i < 300; i++) {
      const text = writeSummary({
        viewer: you(randomAnswers(), i % 2 ? 'Love is trust, laughter and long walks.' : ''),
        candidate: them(randomAnswers(), i % 3 ? 'Love means laughter and trust every day.' : 'Pizza.'),
        seed: i,
      });
      const parts = sentences(text);
      expect(parts.length).toBeGreaterThanOrEqual(2);
      expect(parts.length).toBeLessThanOrEqual(4);
      for (const part of parts) expect(part).toMatch(/^[A-Z][^.!?]*[.!?]$/);
    }
  });

  it('gives different pairs with different answers different texts', () => {
    const texts = new Set<string>();
    const n = 400;
    for (let i = 0; i < n; i++) {
      texts.add(
        writeSummary({ viewer: you(randomAnswers()), candidate: them(randomAnswers()), seed: 12345 }),
      );
    }
    expect(texts.size).toBe(n);
  });

  it('is deterministic and quotes the answers the pair actually gave', () => {
    const mine = Array(19).fill(2);
    const theirs = [...mine];
    theirs[1] = 5; // weekends: far apart
    const input = { viewer: you(mine), candidate: them(theirs), seed: hashString('a|b') };
    const text = writeSummary(input);
    expect(writeSummary(input)).toBe(text);
    expect(text).toContain('You and Sam gave the same answer on 18 of 19 questions');
    const weekends = QUESTIONS[1]!;
    expect(text).toContain(`You differ most on ${weekends.topic}`);
    expect(text).toContain(`“${weekends.answers[1]!.txt}”`);
    expect(text).toContain(`“${weekends.answers[4]!.txt}”`);
    expect(text).toContain(weekends.bridge);
  });

  it('ranks aligned themes by the meaning of the answer texts when a model gives similarities', () => {
    const mine = Array(19).fill(1);
    const theirs = Array(19).fill(3); // equally far everywhere: only meaning can separate the themes
    theirs[0] = 5;
    const travel = 15;
    const text = writeSummary({
      viewer: you(mine),
      candidate: them(theirs),
      seed: 1,
      answerSimilarity: (questionId) => (questionId === travel ? 0.9 : 0.1),
    });
    expect(text).toContain(`come closest on ${QUESTIONS[travel - 1]!.topic}`);
    expect(text).toContain(`You differ most on ${QUESTIONS[0]!.topic}`);
  });

  it('says what the bios share, or how close they are in meaning', () => {
    const answers = randomAnswers();
    const shared = writeSummary({
      viewer: you(answers, 'Love is laughing together and trusting each other.'),
      candidate: them(answers, 'Trust and laughs on a lazy Sunday.'),
      seed: 3,
    });
    expect(sentences(shared)).toHaveLength(3);
    expect(shared).toContain('you both talk about “laughing” and “trusting”');
    const close = writeSummary({
      viewer: you(answers, 'Choosing each other daily.'),
      candidate: them(answers, 'A partner who stays.'),
      seed: 3,
      bioSimilarity: 0.8,
    });
    expect(close).toContain('use different words but point the same way');
    const far = writeSummary({
      viewer: you(answers, 'Choosing each other daily.'),
      candidate: them(answers, 'A partner who stays.'),
      seed: 3,
      bioSimilarity: 0.05,
    });
    expect(far).toContain('describe love quite differently');
    expect(
      sentences(writeSummary({ viewer: you(answers), candidate: them(answers, 'x y z'), seed: 3 })),
    ).toHaveLength(2);
  });

  it('handles identical answers and keeps names from breaking sentences', () => {
    const answers = randomAnswers();
    const text = writeSummary({ viewer: you(answers), candidate: them(answers, '', 'Dr. Who'), seed: 9 });
    expect(text).toContain('You and Dr gave the same answer on all 19 questions');
    expect(text).toContain('as rare as it gets');
    expect(text).not.toMatch(/all 19 questions[\s\S]*all 19 questions/);
    expect(firstName('  ')).toBe('your match');
    expect(sharedWords('Love is the dogs', 'my dog and love')).toEqual(['dogs']);
  });
});
