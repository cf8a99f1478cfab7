export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for the API with its own cookie jar, like one browser. */
export class ApiClient {
  private cookies = new Map<string, string>();
  accessToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string>; token?: string | null } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.accessToken : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, json?: unknown, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('POST', path, { ...options, json });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}
