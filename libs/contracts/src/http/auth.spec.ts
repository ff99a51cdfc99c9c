import { loginRequestSchema, registerRequestSchema } from './auth';
import { messages } from '../errors';

describe('registerRequestSchema', () => {
  it('normalises the email to trimmed lower case', () => {
    const parsed = registerRequestSchema.parse({ email: '  Ada@Example.COM ', password: 'secret1' });
    expect(parsed.email).toBe('ada@example.com');
  });

  it("rejects a short password with the spec's message", () => {
    const result = registerRequestSchema.safeParse({ email: 'a@b.co', password: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
  });

  it('accepts exactly six characters', () => {
    expect(registerRequestSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  it('requires both fields', () => {
    const result = registerRequestSchema.safeParse({});
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      messages.emailAndPasswordRequired,
      messages.emailAndPasswordRequired,
    ]);
  });

  it('rejects a malformed email', () => {
    const result = loginRequestSchema.safeParse({ email: 'not-an-email', password: 'x' });
    expect(result.error?.issues[0]?.message).toBe(messages.invalidEmail);
  });
});
