/** A word heard at a time, so frames and steps can be matched to the narration. */
export interface TranscriptWord {
  word: string;
  startSec: number;
  endSec: number;
}

export interface Transcript {
  text: string;
  /** Empty when the engine gives no timings. */
  words: TranscriptWord[];
}

/** Speech to text. Offline: pocketsphinx; cloud: Google Speech or an OpenAI-compatible /audio/transcriptions. */
export interface Transcriber {
  readonly name: string;
  /** `wavPath` is 16 kHz mono PCM WAV, as the media step extracts it. */
  transcribe(wavPath: string): Promise<Transcript>;
}
