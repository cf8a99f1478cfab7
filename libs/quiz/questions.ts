/**
 * The 19 quiz questions: the single source of truth for the SPA (GET /api/quiz/questions), for the answer
 * texts the server stores, and for the matcher's summaries. Themes follow the spec's order. On every
 * question choice 1 → 5 runs along one scale (quiet → outgoing, cautious → adventurous, …), so the
 * distance between two choices means something; the compatibility formula relies on that.
 *
 * `topic` names the theme inside a sentence ("most in tune on {topic}"); `bridge` is how two people at
 * opposite ends of the scale might meet. Answer texts carry no sentence punctuation (. ! ?) because the
 * summaries quote them inside sentences.
 */
export interface QuizAnswerOption {
  choice: 1 | 2 | 3 | 4 | 5;
  txt: string;
}

export interface QuizQuestion {
  id: number;
  theme: string;
  topic: string;
  text: string;
  answers: readonly QuizAnswerOption[];
  bridge: string;
}

export const QUESTION_COUNT = 19;
export const CHOICES_PER_QUESTION = 5;

function question(
  id: number,
  theme: string,
  topic: string,
  text: string,
  answers: [string, string, string, string, string],
  bridge: string,
): QuizQuestion {
  return {
    id,
    theme,
    topic,
    text,
    answers: answers.map((txt, index) => ({ choice: (index + 1) as QuizAnswerOption['choice'], txt })),
    bridge,
  };
}

export const QUESTIONS: readonly QuizQuestion[] = [
  question(
    1,
    'sociability',
    'how social you are',
    'You arrive at a party where you only know the host. What do you do?',
    [
      'Find a quiet corner and talk to whoever finds me',
      'Stay close to the host and meet people through them',
      'Chat with a few people, then slip out at a sensible hour',
      'Introduce myself around and swap numbers with someone new',
      'Work the whole room and leave with plans for next week',
    ],
    'a small dinner with a few close friends could suit you both',
  ),
  question(
    2,
    'weekends',
    'weekends',
    'Your ideal free weekend looks like…',
    [
      'Staying in: sleeping late, cooking slowly, no plans at all',
      'A lazy morning, then one easy outing close to home',
      'Half rest, half adventure, decided on the day',
      'A packed day trip somewhere I have never been',
      'Out the door on Friday and back on Sunday with stories',
    ],
    'trading one lazy day for one outing each weekend gives you both yours',
  ),
  question(
    3,
    'food',
    'food',
    'When it comes to food, you are…',
    [
      'Happiest with the few dishes I know I love',
      'Mostly a creature of habit, with the odd new recipe',
      'Up for something new when a friend recommends it',
      'Always hunting for the next restaurant to try',
      'The one ordering the strangest thing on the menu',
    ],
    'taking turns to pick, one familiar favourite and one wild card, keeps dinners fun for both of you',
  ),
  question(
    4,
    'group work',
    'working in a team',
    'On a group project, you usually…',
    [
      'Take my part and do it quietly on my own',
      'Do my share and check in when it is needed',
      'Fill whatever role the group needs that day',
      'Keep everyone talking and the ideas moving',
      'Take the lead and keep the whole plan on track',
    ],
    'one of you steering while the other owns the details makes a strong team',
  ),
  question(
    5,
    'change',
    'handling change',
    'A big, unexpected change lands in your life. You…',
    [
      'Need time and plenty of reassurance before I feel okay',
      'Feel uneasy at first, then adjust step by step',
      'Take it as it comes, since some changes are good and some are not',
      'Get curious about what it could open up',
      'Love it, because shake-ups are when I feel most alive',
    ],
    'talking big changes through early gives one of you time and the other momentum',
  ),
  question(
    6,
    'conflict',
    'disagreements',
    'When you disagree with someone you care about, you…',
    [
      'Need space first and come back once I have calmed down',
      'Drop hints and hope they pick up on it',
      'Wait for a calm moment, then bring it up gently',
      'Talk it through the same day, even if it is awkward',
      'Say it straight away so nothing festers',
    ],
    'agreeing on a short time-out before every hard talk gives you both what you need',
  ),
  question(
    7,
    'decisions',
    'making decisions',
    'How do you make big decisions?',
    [
      'Go with my gut, it is rarely wrong',
      'Mostly on instinct, with a quick sanity check',
      'Sleep on it and ask a friend or two',
      'Weigh the pros and cons carefully on paper',
      'Research everything until I am completely sure',
    ],
    'letting the planner gather the facts and the instinctive one make the call plays to both your strengths',
  ),
  question(
    8,
    'friday nights',
    'Friday nights',
    'It is Friday night. Where are you?',
    [
      'On the sofa with a film and a takeaway',
      'Cooking dinner for one or two close friends',
      'At a low-key bar or a board game night',
      'At a gig, a show or a friend’s party',
      'Out dancing until the lights come on',
    ],
    'starting the night out together and letting one of you head home early, guilt-free, works for both',
  ),
  question(
    9,
    'fitness',
    'fitness',
    'How does exercise fit into your life?',
    [
      'It doesn’t really, and I am at peace with that',
      'Walks and the occasional stretch',
      'A couple of workouts a week to feel good',
      'Most days, it is part of my routine',
      'Training is my lifestyle, races and goals included',
    ],
    'a weekly walk or bike ride together is a gentle place to meet',
  ),
  question(
    10,
    'alone time',
    'alone time',
    'How much time on your own do you need?',
    [
      'Lots, I recharge best by myself',
      'A quiet evening or two each week',
      'Some, though I don’t keep count',
      'Very little, I would rather have company',
      'Almost none, I am happiest surrounded by people',
    ],
    'a standing solo evening for one of you while the other sees friends keeps you both charged',
  ),
  question(
    11,
    'affection',
    'affection',
    'How do you like to show affection?',
    [
      'Quietly, through small things I do for you',
      'With care that shows more than it tells',
      'A mix of kind words, time together and the odd hug',
      'Openly, with lots of kind words and touch',
      'All out, with hugs and hand-holding even in public',
    ],
    'telling each other which gestures land helps the quieter one feel seen and the warmer one feel loved',
  ),
  question(
    12,
    'communication frequency',
    'how often to stay in touch',
    'When you are dating someone, how often do you like to message during the day?',
    [
      'Hardly at all, I would rather catch up in person',
      'A message or two to check in',
      'A few messages spread through the day',
      'Regular updates on what we are both up to',
      'All day long, with memes, voice notes and everything',
    ],
    'a good-morning and a good-night message is an easy rhythm to agree on',
  ),
  question(
    13,
    'life-goal talks',
    'when to talk about life goals',
    'When should a couple talk about big life goals like marriage, kids or where to live?',
    [
      'Only once things are very serious',
      'After a few months, when it feels natural',
      'Lightly, somewhere in the first few dates',
      'Early on, so neither of us wastes the other’s time',
      'On the first date, I would rather know right away',
    ],
    'picking a moment for the big conversation together means neither of you feels rushed or left guessing',
  ),
  question(
    14,
    'free time',
    'free time',
    'You have a free afternoon and nothing planned. You…',
    [
      'Curl up with a book, a game or a show',
      'Potter around at home on a hobby',
      'Run a few errands and grab a coffee',
      'Head out to explore a part of town I don’t know',
      'Call friends and turn it into an event',
    ],
    'an afternoon at a market or a bookshop café gives one of you calm and the other something new',
  ),
  question(
    15,
    'travel',
    'travel',
    'Your kind of holiday is…',
    [
      'Close to home, familiar and easy',
      'A comfortable resort where everything is taken care of',
      'A city break with a few sights and good food',
      'Backpacking with a loose plan',
      'Somewhere remote with no itinerary, total adventure',
    ],
    'pairing a comfortable base with a day or two of adventure on each trip suits you both',
  ),
  question(
    16,
    'music',
    'music',
    'You are in charge of the music. What is playing?',
    [
      'Quiet acoustic or classical, something calm',
      'Singer-songwriters and soft indie',
      'A bit of everything from the charts',
      'Upbeat pop, hip-hop or R&B to get moving',
      'Loud, fast and live: rock, metal or techno',
    ],
    'taking turns on the playlist might give each of you a new favourite',
  ),
  question(
    17,
    'politics',
    'politics and causes',
    'How much do politics and causes matter in your relationships?',
    [
      'I keep politics out of my love life entirely',
      'I follow the news, but it is not a big topic for me',
      'We should share core values, the details can differ',
      'I care a lot and want a partner who is engaged too',
      'It is central, I want a partner on my side who acts on it',
    ],
    'talking about the values beneath the headlines often shows more common ground than you expect',
  ),
  question(
    18,
    'family',
    'family and kids',
    'Where do you stand on family and kids?',
    [
      'I don’t see kids in my future',
      'Probably not, but I am open to being surprised',
      'Unsure for now, it depends on the person',
      'I would like kids someday',
      'A big family is one of my biggest dreams',
    ],
    'this one deserves an honest talk early, since it shapes so much else',
  ),
  question(
    19,
    'personal growth',
    'personal growth',
    'How do you approach personal growth?',
    [
      'I like who I am and don’t chase self-improvement',
      'I grow as life happens, without big plans',
      'I pick up a new skill or habit now and then',
      'I set goals each year and work at them',
      'Always learning: courses, books, coaching, the lot',
    ],
    'sharing one goal a year, like a language or a class, lets you grow side by side',
  ),
];

/** The server's own text for an answer; the client's `txt` is never stored. */
export function answerText(questionId: number, choice: number): string {
  const answer = QUESTIONS[questionId - 1]?.answers[choice - 1];
  if (!answer) throw new RangeError(`No answer ${choice} for question ${questionId}`);
  return answer.txt;
}
