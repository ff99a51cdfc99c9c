import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGenerationConfig } from '../../config';
import { defaultLanguageModel, listeningLanguageModel, proceduresLanguageModel } from '../../speech-model/model-files';
import { parsePocketsphinxOutput, PocketsphinxTranscriber } from './pocketsphinx-transcriber';

describe('parsePocketsphinxOutput', () => {
  it('reads word timings, dropping silence markers and pronunciation variants', () => {
    const output = [
      'first job in the settings menu',
      '<s> 0.070 0.120 1.000000',
      'first 0.130 0.430 0.738352',
      'job(2) 0.440 0.640 0.373322',
      '<sil> 0.650 0.700 1.000000',
      'settings 0.880 1.340 1.000000',
      '[NOISE] 1.340 1.350 1.000000',
      '</s> 1.840 2.050 1.000000',
    ].join('\n');
    expect(parsePocketsphinxOutput(output)).toEqual({
      text: 'first job settings',
      words: [
        { word: 'first', startSec: 0.13, endSec: 0.43 },
        { word: 'job', startSec: 0.44, endSec: 0.64 },
        { word: 'settings', startSec: 0.88, endSec: 1.34 },
      ],
    });
  });

  it('gives nothing for output without timed words', () => {
    expect(parsePocketsphinxOutput('\n')).toEqual({ text: '', words: [] });
  });
});

describe('PocketsphinxTranscriber', () => {
  it('hears flite speech with word times', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sphinx-spec-'));
    try {
      execFileSync('flite', ['-voice', 'slt', '-t', 'Open the settings menu.', '-o', join(dir, 'said.wav')]);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'said.wav'), '-ac', '1', '-ar', '16000', join(dir, 'said.16k.wav')]);
      const transcript = await new PocketsphinxTranscriber().transcribe(join(dir, 'said.16k.wav'));
      expect(transcript.text).toMatch(/settings menu/);
      const settings = transcript.words.find((word) => word.word === 'settings')!;
      expect(settings.endSec).toBeGreaterThan(settings.startSec);
      // The default single pass hears what pocketsphinx's thorough search hears, at the same times.
      const thorough = await new PocketsphinxTranscriber({ search: 'thorough' }).transcribe(join(dir, 'said.16k.wav'));
      expect(thorough.text).toMatch(/settings menu/);
      expect(Math.abs(thorough.words.find((word) => word.word === 'settings')!.startSec - settings.startSec)).toBeLessThan(0.1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('PocketsphinxTranscriber on pieces', () => {
  it('hears speech cut at a pause into pieces recognised at once, with word times on the whole recording\'s clock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sphinx-pieces-'));
    try {
      execFileSync('flite', ['-voice', 'slt', '-t', 'Open the settings menu. Then press the save button.', '-o', join(dir, 'said.wav')]);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'said.wav'), '-ac', '1', '-ar', '16000', join(dir, 'said.16k.wav')]);
      const whole = await new PocketsphinxTranscriber().transcribe(join(dir, 'said.16k.wav'));
      const cut = await new PocketsphinxTranscriber({ parallel: 2, minPieceSec: 1 }).transcribe(join(dir, 'said.16k.wav'));
      expect(cut.text).toMatch(/settings menu/);
      expect(cut.text).toMatch(/save/);
      const starts = cut.words.map((word) => word.startSec);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      // The second sentence's words keep the times the whole recording gives them.
      const save = (transcript: typeof whole) => transcript.words.find((word) => word.word === 'save')!.startSec;
      expect(Math.abs(save(cut) - save(whole))).toBeLessThan(0.3);
      expect(readdirSync(dir).filter((name) => name.includes('.piece-'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('PocketsphinxTranscriber language model', () => {
  it('listens with the listening model (built with the service) unless told otherwise, and a missing model fails the recognition', async () => {
    expect(existsSync(proceduresLanguageModel)).toBe(true);
    // The service's build made it (npm test installs pocketsphinx-en-us and sphinxbase-utils first).
    expect(existsSync(listeningLanguageModel)).toBe(true);
    expect(defaultLanguageModel()).toBe(listeningLanguageModel);
    const dir = mkdtempSync(join(tmpdir(), 'sphinx-lm-'));
    try {
      execFileSync('flite', ['-voice', 'slt', '-t', 'Check the fridge temperature.', '-o', join(dir, 'said.wav')]);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'said.wav'), '-ac', '1', '-ar', '16000', join(dir, 'said.16k.wav')]);
      expect((await new PocketsphinxTranscriber().transcribe(join(dir, 'said.16k.wav'))).text).toMatch(/fridge temperature/);
      expect((await new PocketsphinxTranscriber({ languageModel: proceduresLanguageModel }).transcribe(join(dir, 'said.16k.wav'))).text).toMatch(/fridge temperature/);
      expect((await new PocketsphinxTranscriber({ languageModel: '' }).transcribe(join(dir, 'said.16k.wav'))).text).not.toBe('');
      await expect(new PocketsphinxTranscriber({ languageModel: join(dir, 'missing.lm') }).transcribe(join(dir, 'said.16k.wav'))).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('is configured by POCKETSPHINX_LM, checked at start-up', () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };
    expect(loadGenerationConfig(env).POCKETSPHINX_LM).toBe(listeningLanguageModel);
    expect(loadGenerationConfig({ ...env, POCKETSPHINX_LM: '' }).POCKETSPHINX_LM).toBe('');
    expect(() => loadGenerationConfig({ ...env, POCKETSPHINX_LM: '/nowhere/model.lm' })).toThrow(/POCKETSPHINX_LM/);
  });

  it('chooses the speaker\'s warp unless POCKETSPHINX_WARP fixes it, checked at start-up', () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };
    expect(loadGenerationConfig(env).POCKETSPHINX_WARP).toBe('auto');
    expect(loadGenerationConfig({ ...env, POCKETSPHINX_WARP: '1' }).POCKETSPHINX_WARP).toBe(1);
    expect(loadGenerationConfig({ ...env, POCKETSPHINX_WARP: '1.3' }).POCKETSPHINX_WARP).toBe(1.3);
    expect(() => loadGenerationConfig({ ...env, POCKETSPHINX_WARP: '5' })).toThrow(/POCKETSPHINX_WARP/);
    expect(() => loadGenerationConfig({ ...env, POCKETSPHINX_WARP: 'loud' })).toThrow(/POCKETSPHINX_WARP/);
  });
});
