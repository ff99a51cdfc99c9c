import { z } from 'zod';
import { GenerationError } from '../../worker/generation-error';
import type { StructuredSop, Structurer, StructuringInput } from '../structurer';
import { maskMaterial } from '../../redaction/mask-material';
import { classifyProviderError, openAiClient } from './openai-client';
import type { OpenAiConfig } from './openai-config';

const systemPrompt = `You are an experienced operations lead who writes standard operating procedures (SOPs).
Turn the material into one SOP: a short, specific title and 3 to 20 ordered steps.
Each step title is one imperative action (start with a verb, at most 12 words).
Each step's details say exactly how, with names of screens, fields, buttons, values, warnings and why it matters, taken from the material; never invent facts.
Keep the user's title if one is given. Merge chatter and repetition; drop filler.
When the material has timed words, set startSec to the second the step starts being described, else null.
When images are listed, set imageIndexes to the images that show the step (by index), else an empty list.
[email], [phone], [card], [iban], [ip] and [secret] stand for values removed for privacy: keep them as written, never guess what they were.
Answer only with JSON matching the schema.`;

/** What the model must answer; checked by us because the client does not validate it. */
const replySchema = z.object({
  title: z.string().trim().min(1).max(300),
  steps: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(300),
        details: z.string().max(20_000),
        startSec: z.number().min(0).nullable(),
        imageIndexes: z.array(z.number().int().min(0)),
      }),
    )
    .min(1)
    .max(200),
});

const jsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'steps'],
  properties: {
    title: { type: 'string' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'details', 'startSec', 'imageIndexes'],
        properties: {
          title: { type: 'string' },
          details: { type: 'string' },
          startSec: { type: ['number', 'null'] },
          imageIndexes: { type: 'array', items: { type: 'integer' } },
        },
      },
    },
  },
} as const;

/** The material as the model reads it: title, text, timed words in coarse lines, and what each image shows. */
export function describeMaterial(input: StructuringInput): string {
  const parts = [`Source: ${input.origin}`, `User's title: ${input.title.trim() || '(none: write one)'}`, '', 'Material:', input.text.trim() || '(no text)'];
  if (input.words.length > 0) {
    const lines: string[] = [];
    for (let start = 0; start < input.words.length; start += 12) {
      const chunk = input.words.slice(start, start + 12);
      lines.push(`[${chunk[0]!.startSec.toFixed(1)}s] ${chunk.map((word) => word.word).join(' ')}`);
    }
    parts.push('', 'Timed words:', ...lines);
  }
  if (input.images.length > 0) {
    parts.push('', 'Images:');
    for (const image of input.images) {
      const at = image.atSec === undefined ? '' : ` at ${image.atSec.toFixed(1)}s`;
      const seen = [image.reading?.description, image.reading?.text.replace(/\s+/g, ' ').trim()].filter(Boolean).join(' | ');
      parts.push(`#${image.index}${at}: ${seen.slice(0, 600) || '(nothing readable)'}`);
    }
  }
  return parts.join('\n');
}

/** Structures through an OpenAI-compatible chat model with JSON-schema output. */
export class OpenAiStructurer implements Structurer {
  readonly name: string;
  readonly offline = false;

  constructor(private readonly config: OpenAiConfig) {
    this.name = `openai:${config.OPENAI_MODEL}`;
  }

  async structure(input: StructuringInput): Promise<StructuredSop> {
    const client = openAiClient(this.config);
    const completion = await client.chat.completions
      .create({
        model: this.config.OPENAI_MODEL,
        temperature: 0.2,
        messages: [
          { role: 'system', content: systemPrompt },
          // Sensitive values never leave the machine: the model reads placeholders.
          { role: 'user', content: describeMaterial(maskMaterial(input)) },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'sop', strict: true, schema: jsonSchema } },
      })
      .catch((error: unknown) => classifyProviderError(error, 'structuring'));
    const content = completion.choices[0]?.message.content ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new Error(`The AI model answered with something that is not JSON: ${content.slice(0, 200)}`);
    }
    const reply = replySchema.safeParse(parsed);
    // A malformed answer is worth another attempt (the job retries); after that the user reads a clear failure.
    if (!reply.success) throw new Error(`The AI model's SOP did not match the expected shape: ${reply.error.issues[0]?.message ?? 'invalid'}`);
    const known = new Set(input.images.map((image) => image.index));
    const userTitle = input.title.trim();
    if (!reply.data.steps.length) throw new GenerationError('The AI model found no steps in this material.');
    return {
      title: userTitle || reply.data.title,
      steps: reply.data.steps.map((step) => ({
        title: step.title,
        details: step.details,
        startSec: step.startSec ?? undefined,
        imageIndexes: step.imageIndexes.filter((index) => known.has(index)),
      })),
    };
  }
}
