import { useCallback, useEffect, useState } from 'react';
import type { Choices } from '../utils/build-answers';

export type QuizProgress = { index: number; choices: Choices };

const EMPTY: QuizProgress = { index: 0, choices: {} };

function storageKey(userId: string): string {
  return `fa_quizProgress:${userId}`;
}

function read(userId: string): QuizProgress {
  try {
    const raw = sessionStorage.getItem(storageKey(userId));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<QuizProgress>;
    const index =
      Number.isInteger(parsed.index) && (parsed.index as number) >= 0 ? (parsed.index as number) : 0;
    const choices: Choices = {};
    for (const [id, choice] of Object.entries(parsed.choices ?? {})) {
      if (Number.isInteger(Number(id)) && Number.isInteger(choice)) choices[Number(id)] = choice as number;
    }
    return { index, choices };
  } catch {
    // Unreadable or blocked storage: start over rather than fail the page.
    return EMPTY;
  }
}

/**
 * The quiz position and picked answers, mirrored to sessionStorage so a reload (or a quick detour) does not
 * lose them. Keyed by user so two accounts in one tab never mix answers; cleared after a successful submit.
 */
export function useQuizProgress(userId: string) {
  const [progress, setProgress] = useState<QuizProgress>(() => read(userId));

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey(userId), JSON.stringify(progress));
    } catch {
      // Storage full or disabled: the quiz still works, it just won't survive a reload.
    }
  }, [userId, progress]);

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(storageKey(userId));
    } catch {
      // See above.
    }
  }, [userId]);

  return { progress, setProgress, clear };
}
