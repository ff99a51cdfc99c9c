import { messages, PASSWORD_MIN_LENGTH as CONTRACT_MIN_LENGTH } from '@sopwright/contracts';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, isPasswordLongEnough } from './password-rule';

describe('password rule', () => {
  it('needs at least 6 characters', () => {
    expect(isPasswordLongEnough('12345')).toBe(false);
    expect(isPasswordLongEnough('')).toBe(false);
    expect(isPasswordLongEnough('123456')).toBe(true);
  });

  it('agrees with the contract the server enforces', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(CONTRACT_MIN_LENGTH);
    expect(PASSWORD_TOO_SHORT).toBe(messages.passwordTooShort);
  });
});
