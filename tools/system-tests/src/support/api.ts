import { randomUUID } from 'node:crypto';

export const baseUrl = (): string => {
  const url = process.env.SOPWRIGHT_TEST_URL;
  if (!url) throw new Error('SOPWRIGHT_TEST_URL is not set: the global setup did not start the stack');
  return url;
};

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  options: { json?: unknown; rawBody?: string; token?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** An email no other test uses, so tests never depend on each other's data. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export async function registerUser(email = uniqueEmail(), password = 'correct-horse') {
  const result = await api<{ token: string; user: { id: string; email: string } }>('POST', '/api/auth/register', {
    json: { email, password },
  });
  if (result.status !== 201) throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { ...result.body, email, password };
}
