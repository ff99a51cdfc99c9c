/**
 * The text to show for a failed request: the `message` of the server's error body
 * ({ statusCode, message, error }), else the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('data' in error)) return fallback;
  const { data } = error as { data: unknown };
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
