import { rpcErrorCodes } from '@sopwright/contracts';
import { httpAnswerFor } from './service-error-status';

describe('httpAnswerFor', () => {
  it('gives every service error code a status and a message a person can read', () => {
    for (const code of rpcErrorCodes) {
      const answer = httpAnswerFor(code);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.message).not.toMatch(/^[A-Z_]+$/); // never leak the bare code
    }
  });

  it('hides internal details but shows validation details', () => {
    expect(httpAnswerFor('INTERNAL', 'TypeError at line 3')).toEqual({
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(httpAnswerFor('VALIDATION_FAILED', 'SOP title cannot be empty')).toEqual({ status: 400, message: 'SOP title cannot be empty' });
  });

  it('answers wrong credentials with one 401 message', () => {
    expect(httpAnswerFor('INVALID_CREDENTIALS')).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(httpAnswerFor('EMAIL_TAKEN').status).toBe(409);
  });
});
