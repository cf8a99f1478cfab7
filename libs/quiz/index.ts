/** What other contexts may use of quiz; everything else in libs/quiz is its own (.dependency-cruiser.cjs). */
export * from './events/quiz-submitted.event.js';
export * from './questions.js';
export * from './quiz-response.repository.js';
export { saveQuizAnswers } from './commands/submit-quiz/save-quiz-answers.js';
export { SubmitQuizCommand } from './commands/submit-quiz/submit-quiz.command.js';
export { SubmitQuizDto } from './commands/submit-quiz/submit-quiz.dto.js';
export { QuizAnswers } from './quiz-answers.js';
