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

  it("asks audio users to upgrade when the message is about credits or the plan", () => {
    const error = { status: 402, data: { message: 'You have no credits left. Buy a Starter Pack or upgrade your plan.' } };
    expect(generationFailure(error, 'Failed to process audio', { upgradeOnPlanMessages: true })).toEqual({
      title: 'Upgrade Required',
      description: 'You have no credits left. Buy a Starter Pack or upgrade your plan.',
    });
    expect(generationFailure(error, 'Failed to process video').title).toBe('Failed to process video');
  });
});
