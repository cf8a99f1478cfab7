import { QUESTIONS, QUESTION_COUNT, answerText } from '../../quiz/index.js';
import { MAX_STEP } from './compatibility.js';
import { mix32 } from './tiebreak.js';

export interface SummaryPerson {
  name: string;
  /** 19 choices, 1–5, in question order. */
  choices: readonly number[];
  /** The profile's one-sentence answer to what love is; empty when not given. */
  bio: string;
}

export interface SummaryInput {
  /** The reader of the summary ("you"). */
  viewer: SummaryPerson;
  /** The person on the card. */
  candidate: SummaryPerson;
  /**
   * Cosine similarity of the two answer texts of a question, from the embedding model. Absent without a
   * model: then only the choice distance counts.
   */
  answerSimilarity?: (questionId: number, viewerChoice: number, candidateChoice: number) => number;
  /** Cosine similarity of the two bios' embeddings, when both have one. */
  bioSimilarity?: number;
  /** A per-pair number (hash of the two ids) that breaks ties between equally good themes. */
  seed: number;
}

interface ThemeScore {
  index: number;
  distance: number;
  /** 1 = same answer (and same meaning), 0 = opposite ends with unrelated texts. */
  alignment: number;
  tieBreak: number;
}

/** How much the answer texts' meaning counts next to the choice distance when ranking themes. */
const TEXT_WEIGHT = 0.3;

/**
 * Writes the 2–4 sentence "AI Generated Compatibility Summary" for one card, from the pair's own data:
 * 1. how often they answered alike and the themes where they align most (choice distance blended with
 *    the embedding similarity of their answer texts), quoting the shared answers;
 * 2. the theme where they differ most, quoting both answers, with a way to meet in the middle;
 * 3. when both wrote a bio: the words their answers to "what love is" share, or, failing that, how close
 *    the two bios are in meaning (embedding similarity).
 * Deterministic: the same input always gives the same text. The quoted answers, themes, counts and name
 * make the text specific to the pair. No sentence-ending punctuation appears inside a sentence (answer
 * texts and names are kept free of it), so the text splits cleanly into sentences.
 */
export function writeSummary(input: SummaryInput): string {
  const { viewer, candidate } = input;
  const name = firstName(candidate.name);
  const themes = scoreThemes(input);
  const byAlignment = [...themes].sort(
    (a, b) => b.alignment - a.alignment || a.distance - b.distance || a.tieBreak - b.tieBreak,
  );
  const sameAnswers = themes.filter((theme) => theme.distance === 0).length;

  const sentences = [alignmentSentence(byAlignment, sameAnswers, name, viewer, candidate)];
  sentences.push(differenceSentence(byAlignment[byAlignment.length - 1]!, name, viewer, candidate));
  const bios = bioSentence(viewer.bio, candidate.bio, input.bioSimilarity);
  if (bios) sentences.push(bios);
  return sentences.join(' ');
}

function scoreThemes(input: SummaryInput): ThemeScore[] {
  const { viewer, candidate } = input;
  const themes: ThemeScore[] = [];
  for (let index = 0; index < QUESTION_COUNT; index++) {
    const mine = viewer.choices[index]!;
    const theirs = candidate.choices[index]!;
    const distance = Math.abs(mine - theirs);
    const closeness = 1 - distance / MAX_STEP;
    const similarity = input.answerSimilarity ? input.answerSimilarity(index + 1, mine, theirs) : closeness;
    const alignment = distance === 0 ? 1 : (1 - TEXT_WEIGHT) * closeness + TEXT_WEIGHT * similarity;
    themes.push({
      index,
      distance,
      alignment,
      tieBreak: mix32(input.seed ^ Math.imul(index + 1, 0x9e3779b1)),
    });
  }
  return themes;
}

function alignmentSentence(
  byAlignment: ThemeScore[],
  sameAnswers: number,
  name: string,
  viewer: SummaryPerson,
  candidate: SummaryPerson,
): string {
  const [first, second] = byAlignment as [ThemeScore, ThemeScore];
  const topic = (theme: ThemeScore) => QUESTIONS[theme.index]!.topic;
  const mine = (theme: ThemeScore) => quote(answerText(theme.index + 1, viewer.choices[theme.index]!));
  const theirs = (theme: ThemeScore) => quote(answerText(theme.index + 1, candidate.choices[theme.index]!));
  if (sameAnswers === 0) {
    return (
      `You and ${name} never picked the very same answer, but you come closest on ${topic(first)}: ` +
      `you chose ${mine(first)} and ${name} chose ${theirs(first)}.`
    );
  }
  const count =
    sameAnswers === QUESTION_COUNT
      ? `all ${QUESTION_COUNT} questions`
      : `${numberWord(sameAnswers)} of ${QUESTION_COUNT} questions`;
  const opening = `You and ${name} gave the same answer on ${count}`;
  if (second.distance === 0) {
    return (
      `${opening} and are most in tune on ${topic(first)} and ${topic(second)}, ` +
      `where you both chose ${mine(first)} and ${mine(second)}.`
    );
  }
  return `${opening} and are most in tune on ${topic(first)}, where you both chose ${mine(first)}.`;
}

function differenceSentence(
  theme: ThemeScore,
  name: string,
  viewer: SummaryPerson,
  candidate: SummaryPerson,
): string {
  const question = QUESTIONS[theme.index]!;
  const mine = quote(answerText(question.id, viewer.choices[theme.index]!));
  const theirs = quote(answerText(question.id, candidate.choices[theme.index]!));
  if (theme.distance === 0) {
    // The alignment sentence already said every answer matched; don't say it twice.
    return 'That is as rare as it gets, so expect very few surprises.';
  }
  if (theme.distance === 1) {
    return (
      `Even your biggest difference, on ${question.topic}, is only a step apart ` +
      `(${mine} for you, ${theirs} for ${name}), and ${question.bridge}.`
    );
  }
  return `You differ most on ${question.topic}: you chose ${mine} while ${name} chose ${theirs}, so ${question.bridge}.`;
}

/** Bio similarity above which two differently worded answers to "what love is" count as close. */
const CLOSE_BIOS = 0.45;
/** …and below which they count as far apart. */
const DISTANT_BIOS = 0.2;

function bioSentence(
  viewerBio: string,
  candidateBio: string,
  similarity: number | undefined,
): string | undefined {
  if (!viewerBio.trim() || !candidateBio.trim()) return undefined;
  const shared = sharedWords(viewerBio, candidateBio).slice(0, 3);
  if (shared.length > 0) {
    return `When you describe what love is, you both talk about ${listOf(shared.map(quote))}.`;
  }
  if (similarity === undefined) {
    return 'You put what love is in different words, which makes a good first question to ask each other.';
  }
  if (similarity >= CLOSE_BIOS)
    return 'Your answers to what love is use different words but point the same way.';
  if (similarity >= DISTANT_BIOS) {
    return 'Your answers to what love is overlap in places, a good thread to pull on a first date.';
  }
  return 'You describe love quite differently, which could make for a great first conversation.';
}

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'herself him himself his how i if in into is it its itself just let me more most my myself no nor not now of off ' +
    'on once only or other our ours ourselves out over own same she should so some such than that the their theirs ' +
    'them themselves then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours yourself yourselves love loving loves is isnt dont im ' +
    'ive youre thats really always never someone something thing things every everything also get gets getting one ' +
    'two way much many even still make makes made like'
  ).split(' '),
);

/** Content words of a bio, each with a crude stem so "laughs" meets "laugh". */
function contentWords(text: string): { stem: string; word: string }[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/\p{L}[\p{L}']*/gu) ?? [];
  return words
    .map((word) => word.replace(/'s$|'/g, ''))
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => ({ word, stem: stem(word) }));
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words both bios use, in the viewer's order, as the viewer wrote them. */
export function sharedWords(viewerBio: string, candidateBio: string): string[] {
  const theirs = new Set(contentWords(candidateBio).map((entry) => entry.stem));
  const seen = new Set<string>();
  const shared: string[] = [];
  for (const { stem: s, word } of contentWords(viewerBio)) {
    if (!theirs.has(s) || seen.has(s)) continue;
    seen.add(s);
    shared.push(word);
  }
  return shared;
}

/** The first name, without characters that would end a sentence early. */
export function firstName(name: string): string {
  const first =
    name
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[.!?]+/g, '') ?? '';
  return first || 'your match';
}

function quote(text: string): string {
  return `“${text}”`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}
