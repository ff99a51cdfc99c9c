import { generationFailure } from './generation-errors';

describe('generationFailure', () => {
  it("shows the server's message under the source's title", () => {
    const error = { status: 402, data: { statusCode: 402, message: 'You have no credits left', error: 'Payment Required' } };
    expect(generationFailure(error, 'Failed to create SOP')).toEqual({ title: 'Failed to create SOP', description: 'You have no credits left' });
  });

  it("falls back to 'Something went wrong'", () => {
    expect(generationFailure({ status: 'FETCH_ERROR', error: 'TypeError' }, 'Failed to create SOP')).toEqual({
      title: 'Failed to create SOP',
      description: 'Something went wrong',
    });
  });

  it('asks for an AI provider key when the message mentions one', () => {
    const error = { status: 500, data: { message: 'OPENAI_API_KEY is not configured' } };
    expect(generationFailure(error, 'Failed to create SOP').title).toBe('API Key Required');
  });
});
