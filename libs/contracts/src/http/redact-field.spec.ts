import { generationJob } from '../queues/generation.job';
import { createFromTextRequestSchema, redactFieldMessage, redactFieldSchema } from './sop';

describe('the redact field of generation requests', () => {
  it('is on unless turned off with false or "false"', () => {
    expect(redactFieldSchema.parse(undefined)).toBe(true);
    expect(redactFieldSchema.parse(true)).toBe(true);
    expect(redactFieldSchema.parse('true')).toBe(true);
    expect(redactFieldSchema.parse(false)).toBe(false);
    expect(redactFieldSchema.parse('false')).toBe(false);
  });

  it('refuses anything else with one message', () => {
    for (const value of ['no', 'False', '0', '', 0, null]) {
      const result = redactFieldSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(redactFieldMessage);
    }
  });

  it('is optional in a from-text body', () => {
    expect(createFromTextRequestSchema.parse({ title: 'T', text: 'Do it' })).toEqual({ title: 'T', text: 'Do it', redact: true });
    expect(createFromTextRequestSchema.parse({ title: 'T', text: 'Do it', redact: false }).redact).toBe(false);
  });

  it('defaults to on in a generation job queued without it', () => {
    const job = { ownerId: '6f1c5a9e-0d5e-4a39-9d43-2b7d9d1f0a11', title: '', source: { kind: 'text', text: 'x' }, reservationId: '0b7d1e1c-9f0e-4d4f-8f43-5b0f5d0c1a22' };
    expect(generationJob.payload.parse(job).redact).toBe(true);
    expect(generationJob.payload.parse({ ...job, redact: false }).redact).toBe(false);
    expect(generationJob.payload.safeParse({ ...job, redact: 'false' }).success).toBe(false);
  });
});
