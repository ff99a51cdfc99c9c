import { createReadStream } from 'node:fs';
import type { Transcriber, Transcript } from '../transcriber';
import { classifyProviderError, openAiClient } from './openai-client';
import type { OpenAiConfig } from './openai-config';

/** Speech to text through an OpenAI-compatible /audio/transcriptions (Whisper), with word timings. */
export class OpenAiTranscriber implements Transcriber {
  readonly name: string;

  constructor(private readonly config: OpenAiConfig) {
    this.name = `openai:${config.OPENAI_TRANSCRIPTION_MODEL}`;
  }

  async transcribe(wavPath: string): Promise<Transcript> {
    const client = openAiClient(this.config);
    const result = await client.audio.transcriptions
      .create({
        file: createReadStream(wavPath),
        model: this.config.OPENAI_TRANSCRIPTION_MODEL,
        response_format: 'verbose_json',
        timestamp_granularities: ['word'],
      })
      .catch((error: unknown) => classifyProviderError(error, 'transcription'));
    return {
      text: result.text.trim(),
      words: (result.words ?? []).map((word) => ({ word: word.word, startSec: word.start, endSec: word.end })),
    };
  }
}
