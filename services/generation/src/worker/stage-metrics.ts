import { generationStages, type GenerationSource, type GenerationStage } from '@sopwright/contracts';
import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { histogram, inSpan, oneOf, secondsSince, workBuckets } from '@sopwright/server-kit';
import type { Providers } from '../providers/provider-factory';

const sources: readonly GenerationSource['kind'][] = ['text', 'video', 'screen-recording', 'audio', 'photos', 'capture'];

export const generationStageDuration = histogram({
  name: 'sopwright_generation_stage_duration_seconds',
  help: 'Time one generation attempt spent in a stage (upload, media-processing, transcription, image-analysis, structuring, saving), by source kind and outcome (ok, or failed for the stage it failed in).',
  labelNames: ['stage', 'source', 'outcome'] as const,
  buckets: workBuckets,
});

export const generationDuration = histogram({
  name: 'sopwright_generation_duration_seconds',
  help: 'Time one generation attempt took from start to its SOP saved (ok) or its failure (failed), by source kind.',
  labelNames: ['source', 'outcome'] as const,
  buckets: workBuckets,
});

/** Stages that are the providers' work: timed around their calls, since they may overlap (speech is heard while keyframes are read). */
const providerStages = ['transcription', 'image-analysis', 'structuring'] as const satisfies readonly GenerationStage[];
type ProviderStage = (typeof providerStages)[number];
const isProviderStage = (stage: GenerationStage): stage is ProviderStage => (providerStages as readonly string[]).includes(stage);

/**
 * Times the stages of one generation attempt, one observation per stage that ran:
 * - upload, media-processing and saving from the pipeline's stage reports: each lasts from
 *   its report to the next report of another stage (saving until the attempt ends);
 * - transcription, image-analysis and structuring around the providers' calls (summed over
 *   the attempt: one call per keyframe, reading its text or its words), wrapped by `timed(providers)`.
 * The stage an attempt failed in is observed with `outcome="failed"`. When tracing is on,
 * each stage and each provider call is also a span of the job's trace.
 */
export class StageTimer {
  private readonly source: string;
  private readonly started = performance.now();
  private current?: { stage: GenerationStage; started: number; span: Span };
  private readonly spent = new Map<ProviderStage, { seconds: number; failed: boolean }>();
  private finished = false;

  constructor(kind: GenerationSource['kind']) {
    this.source = oneOf(kind, sources);
  }

  /** A stage report of the pipeline (reports repeat while a stage makes progress). */
  enter(stage: GenerationStage): void {
    if (this.finished || this.current?.stage === stage) return;
    this.close('ok');
    if (!isProviderStage(stage)) {
      const span = trace.getTracer('sopwright').startSpan(`generation.${stage}`, { attributes: { 'sopwright.source': this.source } });
      this.current = { stage, started: performance.now(), span };
    }
  }

  /** The providers, their calls timed into this attempt's stages. */
  timed(providers: Providers): Providers {
    const wrap = <T extends object, K extends keyof T & string>(provider: T, method: K, stage: ProviderStage): T => {
      const call = provider[method] as (...args: unknown[]) => Promise<unknown>;
      // The original stays the prototype: names and settings still read through.
      return Object.assign(Object.create(provider) as T, { [method]: (...args: unknown[]) => this.time(stage, () => call.apply(provider, args)) });
    };
    return {
      transcriber: wrap(providers.transcriber, 'transcribe', 'transcription'),
      imageReader: wrap(providers.imageReader, 'read', 'image-analysis'),
      wordReader: wrap(providers.wordReader, 'readWords', 'image-analysis'),
      structurer: wrap(providers.structurer, 'structure', 'structuring'),
    };
  }

  finish(outcome: 'ok' | 'failed'): void {
    if (this.finished) return;
    this.finished = true;
    // The failure is the open stage's, unless a provider's call failed (its stage says so).
    const providerFailed = [...this.spent.values()].some((spent) => spent.failed);
    this.close(outcome === 'failed' && !providerFailed ? 'failed' : 'ok');
    for (const [stage, { seconds, failed }] of this.spent) this.observe(stage, failed ? 'failed' : 'ok', seconds);
    generationDuration.observe({ source: this.source, outcome }, secondsSince(this.started));
  }

  private async time<T>(stage: ProviderStage, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const account = (failed: boolean) => {
      if (this.finished) return;
      const spent = this.spent.get(stage) ?? { seconds: 0, failed: false };
      this.spent.set(stage, { seconds: spent.seconds + secondsSince(started), failed: spent.failed || failed });
    };
    return inSpan(`generation.${stage}`, { 'sopwright.source': this.source }, async () => {
      try {
        const result = await work();
        account(false);
        return result;
      } catch (error) {
        account(true);
        throw error;
      }
    });
  }

  private close(outcome: 'ok' | 'failed'): void {
    if (!this.current) return;
    this.observe(this.current.stage, outcome, secondsSince(this.current.started));
    if (outcome === 'failed') this.current.span.setStatus({ code: SpanStatusCode.ERROR });
    this.current.span.end();
    this.current = undefined;
  }

  private observe(stage: GenerationStage, outcome: 'ok' | 'failed', seconds: number): void {
    generationStageDuration.observe({ stage: oneOf(stage, generationStages), source: this.source, outcome }, seconds);
  }
}
