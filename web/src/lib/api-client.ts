import { authStore, decodeAccessToken, type Auth } from './auth-store';

const BASE = '/api';

/** Every failed call surfaces as this; status 0 means the server never answered. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;

  constructor(status: number, error: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Public endpoints (login, register, verification…) send no bearer token and are never retried:
   * their 401 means wrong credentials, not an expired token.
   */
  public?: boolean;
  /** The fetch cache mode, e.g. 'no-cache' to revalidate a cached answer with the server before using it. */
  cache?: RequestCache;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const fields = (body ?? {}) as { error?: unknown; message?: unknown };
  const error = typeof fields.error === 'string' ? fields.error : response.statusText || 'Error';
  const message = Array.isArray(fields.message)
    ? String(fields.message[0] ?? error)
    : typeof fields.message === 'string'
      ? fields.message
      : error;
  return new ApiError(response.status, error, message);
}

async function send(path: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = authStore.getState().auth?.accessToken;
  if (token && !options.public) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(`${BASE}${path}`, {
      ...init,
      headers,
      credentials: 'include',
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    throw new ApiError(0, 'Network Error', 'No server response');
  }
}

let refreshing: Promise<Auth> | null = null;

/**
 * GET /refresh with the cookie. The server rotates the refresh token and treats a reused one as theft,
 * so concurrent callers share one in-flight request instead of each presenting the same cookie.
 */
/**
 * The logout in flight, if any. A refresh sent beside it could restore the very session it ends (its cookie
 * not revoked yet: the home page a logout lands on restores a remembered session), so a refresh waits for it.
 */
let loggingOut: Promise<void> | null = null;

/** Runs `logout`, the call that revokes the refresh cookie; refreshes asked meanwhile are sent after it. */
export function whileLoggingOut<T>(logout: () => Promise<T>): Promise<T> {
  const call = logout();
  const settled = call.then(
    () => undefined,
    () => undefined,
  );
  loggingOut = settled;
  void settled.then(() => {
    if (loggingOut === settled) loggingOut = null;
  });
  return call;
}

export function refreshSession(): Promise<Auth> {
  refreshing ??= (async () => {
    try {
      if (loggingOut) await loggingOut;
      const response = await send('/refresh', { method: 'GET' }, { public: true });
      if (!response.ok) throw await toApiError(response);
      const body = (await response.json()) as { accessToken?: string; verification?: boolean };
      if (!body.accessToken) throw new Error('No access token returned from /refresh');
      const { id, email } = decodeAccessToken(body.accessToken);
      const auth: Auth = {
        id,
        email,
        accessToken: body.accessToken,
        verification: Boolean(body.verification),
      };
      authStore.setAuth(auth);
      return auth;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * 403 answers about what was sent, not about the session: a fresh token would be refused the same way, and a
 * retry would count a wrong password twice towards the account's sign-in lockout.
 */
const NOT_ABOUT_THE_SESSION = new Set(['wrong password']);

/** Spec "Token retry": after a 401 or 403, refresh once and retry once. */
async function request(path: string, init: RequestInit, options: RequestOptions = {}): Promise<Response> {
  const response = await send(path, init, options);
  if (response.ok) return response;
  if (!options.public && (response.status === 401 || response.status === 403)) {
    const original = await toApiError(response);
    if (NOT_ABOUT_THE_SESSION.has(original.error)) throw original;
    try {
      await refreshSession();
    } catch (refreshError) {
      // A refused refresh means the sign-in is over; a network hiccup leaves the session as it was.
      if (refreshError instanceof ApiError && (refreshError.status === 401 || refreshError.status === 403)) {
        authStore.clearAuth();
      }
      throw original;
    }
    const retried = await send(path, init, options);
    if (retried.ok) return retried;
    throw await toApiError(retried);
  }
  throw await toApiError(response);
}

async function json<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  async get<T>(path: string, options?: RequestOptions): Promise<T> {
    return json<T>(await request(path, { method: 'GET' }, options));
  },
  async post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    const init: RequestInit = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    };
    return json<T>(await request(path, init, options));
  },
  async patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    const init: RequestInit = {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    };
    return json<T>(await request(path, init, options));
  },
  /** DELETE, with a JSON body where the call needs one (DELETE /account carries the password). */
  async delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    const init: RequestInit =
      body === undefined
        ? { method: 'DELETE' }
        : { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    return json<T>(await request(path, init, options));
  },
  /** Multipart upload; the browser sets the boundary, so no Content-Type here. */
  async postForm<T>(path: string, formData: FormData, options?: RequestOptions): Promise<T> {
    return json<T>(await request(path, { method: 'POST', body: formData }, options));
  },
  async getBlob(path: string, options?: RequestOptions): Promise<{ blob: Blob; contentType: string }> {
    const response = await request(path, { method: 'GET' }, options);
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { blob: await response.blob(), contentType };
  },
};
