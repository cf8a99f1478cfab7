import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';
import { storage } from '@/lib/storage';

const quizStatusSchema = z.object({ answered: z.boolean() });

/** GET /quiz/status/{id} — whether the member took the quiz (on any device). */
export async function hasTakenQuiz(id: string, signal?: AbortSignal): Promise<boolean> {
  const { answered } = quizStatusSchema.parse(
    await api.get<unknown>(`/quiz/status/${encodeURIComponent(id)}`, { signal }),
  );
  if (answered) storage.markQuizDone(id);
  return answered;
}

/**
 * The server's answer once it is in. Until then (or if the call failed) a quiz this browser saw finished
 * counts, as a quiz once taken stays taken; otherwise `null`: unknown, and home calls nothing next.
 */
export function useHasTakenQuiz(id: string): boolean | null {
  const request = useLoad(queryKeys.quizStatus(id), (signal) => hasTakenQuiz(id, signal));
  if (request.status === 'ready') return request.data;
  return storage.isQuizDone(id) ? true : null;
}
