import { storage } from './storage';

/** The session of spec section 3. The access token lives in memory only; Remember me restores it via the refresh cookie. */
export interface Auth {
  id: string;
  email: string;
  accessToken: string;
  verification: boolean;
}

export interface AuthState {
  auth: Auth | null;
  persist: boolean;
  /** Where a protected page sends the person once signed out: sign in, unless the sign-out chose elsewhere. */
  signedOutTo?: string;
}

type Listener = () => void;

let state: AuthState = { auth: null, persist: storage.getPersist() };
const listeners = new Set<Listener>();

function emit(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * A tiny external store rather than React context: the API client (outside React) must read the
 * token and write refreshed sessions, and every component sees the same session without a provider.
 */
export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setAuth(next: Auth | null | ((previous: Auth | null) => Auth | null)): void {
    const auth = typeof next === 'function' ? next(state.auth) : next;
    emit({ ...state, auth, signedOutTo: undefined });
  },
  /** `to`: where a protected page goes next (a deleted account lands on home, not on sign in). */
  clearAuth(to?: string): void {
    storage.forgetUnsent();
    emit({ ...state, auth: null, signedOutTo: to });
  },
  setPersist(persist: boolean): void {
    storage.setPersist(persist);
    emit({ ...state, persist });
  },
  /** Tests start from a clean slate. */
  reset(): void {
    emit({ auth: null, persist: storage.getPersist() });
  },
};

/** Reads id and email from a JWT payload without verifying it (the server verifies; the client only displays). */
export function decodeAccessToken(token: string): { id: string; email: string } {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Malformed access token');
  const base64 = payload
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  const claims = JSON.parse(json) as { id?: unknown; email?: unknown; sub?: unknown };
  const id = typeof claims.id === 'string' ? claims.id : typeof claims.sub === 'string' ? claims.sub : '';
  const email = typeof claims.email === 'string' ? claims.email : '';
  if (!id) throw new Error('Malformed access token');
  return { id, email };
}
