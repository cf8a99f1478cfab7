import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { api, isAbortError } from '@/lib/api-client';

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
  const { questions } = questionsSchema.parse(await api.get<unknown>('/quiz/questions', { signal, public: true }));
  return [...questions].sort((a, b) => a.id - b.id);
}

export type QuestionsQuery =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry(): void }
  | { status: 'ready'; questions: QuizQuestion[] };

export function useQuestions(): QuestionsQuery {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Each answer is tagged with the attempt it belongs to; a retry reads as loading until it settles.
  const [settled, setSettled] = useState<{ attempt: number; query: QuestionsQuery } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getQuestions(controller.signal).then(
      (questions) => setSettled({ attempt, query: { status: 'ready', questions } }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setSettled({ attempt, query: { status: 'error', error, retry } });
      },
    );
    return () => controller.abort();
  }, [attempt, retry]);

  return settled?.attempt === attempt ? settled.query : { status: 'loading' };
}
