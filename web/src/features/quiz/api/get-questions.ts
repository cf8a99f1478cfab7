import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad, type LoadState } from '@/lib/query/use-load';

const answerSchema = z.object({ choice: z.int(), txt: z.string() });

const questionSchema = z.object({
  id: z.int(),
  theme: z.string(),
  text: z.string(),
  answers: z.array(answerSchema),
});

const questionsSchema = z.object({ questions: z.array(questionSchema).check(z.minLength(1)) });

export type QuizAnswerOption = z.infer<typeof answerSchema>;
export type QuizQuestion = z.infer<typeof questionSchema>;

/** GET /quiz/questions (public) — the one source of the question and answer wording. */
export async function getQuestions(signal?: AbortSignal): Promise<QuizQuestion[]> {
  const { questions } = questionsSchema.parse(
    await api.get<unknown>('/quiz/questions', { signal, public: true }),
  );
  return [...questions].sort((a, b) => a.id - b.id);
}

export function useQuestions(): LoadState<QuizQuestion[]> {
  return useLoad(queryKeys.questions, getQuestions);
}
