import { readFile } from 'node:fs/promises';
import type { ImageReader, ImageReading } from '../image-reader';
import { classifyProviderError, openAiClient } from './openai-client';
import type { OpenAiConfig } from './openai-config';

const instruction = 'This is a screenshot or photo of one step of a work procedure. First line: one sentence saying what it shows and what the user is doing. Then the visible text that matters (titles, labels, buttons, fields), one item per line.';

/** Reads an image with an OpenAI-compatible vision model. */
export class OpenAiImageReader implements ImageReader {
  readonly name: string;

  constructor(private readonly config: OpenAiConfig) {
    this.name = `openai:${config.OPENAI_VISION_MODEL}`;
  }

  async read(imagePath: string, mimeType: string): Promise<ImageReading> {
    const client = openAiClient(this.config);
    const dataUrl = `data:${mimeType};base64,${(await readFile(imagePath)).toString('base64')}`;
    const completion = await client.chat.completions
      .create({
        model: this.config.OPENAI_VISION_MODEL,
        temperature: 0,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: instruction },
              { type: 'image_url', image_url: { url: dataUrl, detail: 'low' } },
            ],
          },
        ],
      })
      .catch((error: unknown) => classifyProviderError(error, 'image reading'));
    const [description = '', ...text] = (completion.choices[0]?.message.content ?? '').trim().split('\n');
    return { description: description.trim(), text: text.join('\n').trim() };
  }
}
