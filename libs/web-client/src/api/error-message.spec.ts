import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("returns the server's message from an error body", () => {
    const error = { status: 409, data: { statusCode: 409, message: 'An account with this email already exists', error: 'Conflict' } };
    expect(errorMessage(error, 'Email may already be in use')).toBe('An account with this email already exists');
  });

  it('falls back when the body has no usable message', () => {
    expect(errorMessage({ status: 500, data: { statusCode: 500, error: 'Internal' } }, 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessage({ status: 400, data: { message: '   ' } }, 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessage({ status: 400, data: { message: ['a', 'b'] } }, 'Invalid credentials')).toBe('Invalid credentials');
  });

  it('falls back on network and parsing failures', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Login failed')).toBe('Login failed');
    expect(errorMessage({ status: 'PARSING_ERROR', data: '<html>', error: 'SyntaxError' }, 'Login failed')).toBe('Login failed');
    expect(errorMessage(undefined, 'Login failed')).toBe('Login failed');
  });
});
