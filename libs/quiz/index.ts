/** What other contexts may use of quiz; everything else in libs/quiz is its own (.dependency-cruiser.cjs). */
export * from './events/quiz-submitted.event.js';
export * from './questions.js';
export * from './quiz-response.repository.js';
