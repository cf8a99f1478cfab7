import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { QUESTIONS } from '../../questions.js';

export interface QuestionView {
  id: number;
  theme: string;
  text: string;
  answers: { choice: number; txt: string }[];
}

/** Static data: no query bus needed; the SPA renders the quiz from this. */
const VIEW: { questions: QuestionView[] } = {
  questions: QUESTIONS.map(({ id, theme, text, answers }) => ({
    id,
    theme,
    text,
    answers: answers.map(({ choice, txt }) => ({ choice, txt })),
  })),
};

@ApiTags('quiz')
@Controller('quiz')
export class ListQuestionsController {
  @Public()
  @Get('questions')
  list(): { questions: QuestionView[] } {
    return VIEW;
  }
}
