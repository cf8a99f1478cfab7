/**
 * The browser storage keys of the spec (section 3). Reads never throw: private modes and
 * blocked storage fall back to the defaults the spec gives.
 */
export const storageKeys = {
  ageConfirmed: 'fa_ageConfirmed',
  hasLoggedInBefore: 'fa_hasLoggedInBefore',
  persist: 'persist',
  /** Ours, not the spec's: suffixed with the member's id. */
  quizDone: 'fa_quizDone',
  /** Ours, in session storage: messages not confirmed yet, suffixed with the member's and conversation's ids. */
  unsent: 'fa_unsent',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled; the flag then lasts for this page only.
  }
}

export const storage = {
  isAgeConfirmed: () => read(storageKeys.ageConfirmed) === 'true',
  confirmAge: () => write(storageKeys.ageConfirmed, 'true'),
  hasLoggedInBefore: () => read(storageKeys.hasLoggedInBefore) === 'true',
  markLoggedIn: () => write(storageKeys.hasLoggedInBefore, 'true'),
  /** Remember me: on unless explicitly turned off. */
  getPersist: (): boolean => {
    const raw = read(storageKeys.persist);
    if (raw === null) return true;
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'boolean' ? parsed : true;
    } catch {
      return true;
    }
  },
  setPersist: (value: boolean) => write(storageKeys.persist, JSON.stringify(value)),
  /**
   * Whether this browser has seen the member finish the quiz (a submit, matches the server answered with, or
   * the server's quiz status). Only a cache: home shows it until GET /quiz/status answers.
   */
  isQuizDone: (userId: string) => read(`${storageKeys.quizDone}:${userId}`) === 'true',
  markQuizDone: (userId: string) => write(`${storageKeys.quizDone}:${userId}`, 'true'),
  /** Signed out: the texts of messages not sent leave this tab with the member. */
  forgetUnsent: () => {
    try {
      const keys = Array.from({ length: window.sessionStorage.length }, (_, i) =>
        window.sessionStorage.key(i),
      );
      for (const key of keys)
        if (key?.startsWith(`${storageKeys.unsent}:`)) window.sessionStorage.removeItem(key);
    } catch {
      // Storage disabled: nothing was kept.
    }
  },
};
