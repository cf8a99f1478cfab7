/**
 * Openings of first conversations, each read in turns (the one who opened, then the other, …). Any first three
 * to six lines of one read as a conversation that simply paused there. `{them}` is the addressee's first name,
 * `{city}` the addressee's city.
 */
export const SMALL_TALK: readonly (readonly string[])[] = [
  [
    "Hi {them}! It's mutual, apparently. How's your week going?",
    'Hey! Pretty good, just got back from a run. Yours?',
    'Busy, but a good kind of busy. What do you do when you are not running?',
    'Mostly cooking for friends. I make a mean lasagna.',
    'Bold claim. I may need proof at some point.',
    'That can be arranged.',
  ],
  [
    'Hello {them}, how long have you been in {city}?',
    'About four years now. I came for work and stayed for the food.',
    'Good reason to stay. Any place you would recommend?',
    'There is a tiny taco place near my office that I would defend with my life.',
    'Now I have to know where it is.',
    'Tell me your favourite kind of taco first.',
  ],
  [
    'Hey {them}! Your answer about weekends made me laugh.',
    'Ha, which part? The hiking or the sleeping in?',
    'Both. I think you can do both if you plan it right.',
    'Late start, short hike, long lunch. That is the plan.',
    'I could get behind that plan.',
    'Then we should test it some Saturday.',
  ],
  [
    'Hi {them} :) What are you reading at the moment?',
    'A mystery novel that is far too long. You?',
    'A cookbook, which probably does not count.',
    'It counts if you actually cook from it.',
    'I made one dish so far. It was fine. Mostly fine.',
    'Mostly fine is a solid start.',
  ],
  [
    'Hey {them}, quick question: coffee or tea?',
    'Coffee, no contest. Should I be worried about your answer?',
    'Coffee too, although I would not say no to a chai.',
    'A chai is acceptable. Do you have a favourite spot?',
    'There is one with big windows where I like to sit on Sunday mornings.',
    'Sounds like a good place to meet.',
  ],
  [
    'Hello {them}! Did you have a good day?',
    'Long one, but it ends well: someone sent me a nice message.',
    'Smooth. What made it long?',
    'Three meetings that could have been one email.',
    'The classic. I hope the evening is better.',
    'It already is.',
  ],
];

/** The first name of a full name (what the lines call people). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
