import { metricsRegistry } from '@sopwright/server-kit';
import type { Providers } from '../providers/provider-factory';
import { StageTimer } from './stage-metrics';

type Value = { metricName?: string; labels: Record<string, string>; value: number };
const valuesOf = async (name: string) => ((await metricsRegistry.getSingleMetric(name)!.get()) as { values: Value[] }).values;

async function count(name: string, labels: Record<string, string>): Promise<number> {
  return (await valuesOf(name))
    .filter((value) => value.metricName === `${name}_count` && Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

const stages = 'sopwright_generation_stage_duration_seconds';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fakeProviders(failReading = false): Providers {
  return {
    transcriber: { name: 'ears', transcribe: async () => (await sleep(30), { text: 'heard', words: [] }) },
    imageReader: {
      name: 'eyes',
      read: async () => {
        await sleep(10);
        if (failReading) throw new Error('unreadable');
        return { text: 'seen' };
      },
    },
    wordReader: { name: 'ocr', readWords: async () => (await sleep(10), { text: 'seen', words: [] }) },
    structurer: { name: 'mind', offline: true, structure: async () => ({ title: 't', steps: [] }) },
  } as unknown as Providers;
}

describe('StageTimer', () => {
  it('times report stages until the next one, provider stages around their calls even when they overlap, each once', async () => {
    const timer = new StageTimer('video');
    const providers = timer.timed(fakeProviders());
    expect((providers.transcriber as unknown as { name: string }).name).toBe('ears');
    timer.enter('upload');
    timer.enter('media-processing');
    timer.enter('transcription');
    // Speech is heard while keyframes are read, as the pipeline does.
    const hearing = providers.transcriber.transcribe('speech.wav');
    timer.enter('image-analysis');
    for (let i = 0; i < 3; i++) await providers.imageReader.read(`frame-${i}.jpg`, 'image/jpeg');
    timer.enter('image-analysis');
    await hearing;
    timer.enter('structuring');
    await providers.structurer.structure({} as never);
    timer.enter('saving');
    timer.finish('ok');
    timer.finish('failed'); // only the first end counts

    for (const stage of ['upload', 'media-processing', 'transcription', 'image-analysis', 'structuring', 'saving']) {
      expect([stage, await count(stages, { stage, source: 'video', outcome: 'ok' })]).toEqual([stage, 1]);
    }
    const sums = (await valuesOf(stages)).filter((value) => value.metricName === `${stages}_sum`);
    const seconds = (stage: string) => sums.find((value) => value.labels.stage === stage && value.labels.source === 'video')!.value;
    expect(seconds('image-analysis')).toBeGreaterThanOrEqual(0.025); // three reads of 10 ms, summed
    expect(seconds('transcription')).toBeGreaterThanOrEqual(0.025);
    expect(await count('sopwright_generation_duration_seconds', { source: 'video', outcome: 'ok' })).toBe(1);
  });

  it('marks the stage an attempt failed in: a provider\'s, or the open reported one', async () => {
    const reading = new StageTimer('photos');
    const providers = reading.timed(fakeProviders(true));
    reading.enter('upload');
    reading.enter('image-analysis');
    await expect(providers.imageReader.read('photo.png', 'image/png')).rejects.toThrow('unreadable');
    reading.finish('failed');
    expect(await count(stages, { stage: 'upload', source: 'photos', outcome: 'ok' })).toBe(1);
    expect(await count(stages, { stage: 'image-analysis', source: 'photos', outcome: 'failed' })).toBe(1);

    const media = new StageTimer('audio');
    media.enter('upload');
    media.enter('media-processing');
    media.finish('failed');
    expect(await count(stages, { stage: 'media-processing', source: 'audio', outcome: 'failed' })).toBe(1);
    expect(await count(stages, { stage: 'transcription', source: 'audio' })).toBe(0);
    expect(await count('sopwright_generation_duration_seconds', { source: 'audio', outcome: 'failed' })).toBe(1);
  });
});
