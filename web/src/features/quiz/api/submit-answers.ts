import { api } from '@/lib/api-client';

export type SubmittedAnswer = { id: number; choice: number; txt: string };

/** POST /match/generate — stores the user's quiz answers (201); resubmitting replaces them. */
export function submitAnswers(input: { id: string; answers: SubmittedAnswer[] }): Promise<unknown> {
  return api.post<unknown>('/match/generate', input);
}
