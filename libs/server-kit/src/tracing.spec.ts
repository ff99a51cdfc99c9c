import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { createLogger } from './logger';
import { runTool } from './run-tool';
import { currentTraceId, flushTracing, inSpan, otlpEndpoint, startTracing, traceHeaders, tracingEnabled } from './tracing';

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  startTracing('spec', exporter);
});

describe('tracing', () => {
  it('is off without an OTLP endpoint and refuses one that is not an http(s) URL', () => {
    expect(otlpEndpoint({})).toBeUndefined();
    expect(otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('http://collector:4318');
    expect(otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/v1/traces' })).toBe('https://traces.example/v1/traces');
    expect(() => otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL');
    expect(tracingEnabled()).toBe(true);
  });

  it('times a tool in a child span of the work that ran it, and records a failure on the span', async () => {
    exporter.reset();
    await inSpan('generation.transcription', { 'sopwright.source': 'audio' }, async () => {
      await runTool('sh', ['-c', 'echo heard']);
      await expect(runTool('sh', ['-c', 'exit 3'])).rejects.toThrow();
    });
    await flushTracing();
    const spans = exporter.getFinishedSpans();
    const parent = spans.find((span) => span.name === 'generation.transcription')!;
    const tools = spans.filter((span) => span.name === 'exec sh');
    expect(tools).toHaveLength(2);
    for (const tool of tools) {
      expect(tool.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
      expect(tool.spanContext().traceId).toBe(parent.spanContext().traceId);
    }
    expect(tools.map((tool) => tool.status.code)).toEqual([0, 2]);
  });

  it('writes the trace into every log line written inside it, and nothing outside one', async () => {
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      const logger = createLogger('spec');
      logger.log('outside');
      let traceId: string | undefined;
      await inSpan('work', {}, async () => {
        traceId = currentTraceId();
        logger.log('inside');
      });
      const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(records.find((record) => record.message === 'outside')).not.toHaveProperty('traceId');
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(records.find((record) => record.message === 'inside')).toMatchObject({ traceId, spanId: expect.stringMatching(/^[0-9a-f]{16}$/), context: 'spec' });
    } finally {
      write.mockRestore();
    }
  });

  it('hands the active trace on as W3C headers that continue it elsewhere', async () => {
    await inSpan('caller', {}, async () => {
      const headers = traceHeaders();
      expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      const continued = propagation.extract(context.active(), headers);
      expect(trace.getSpanContext(continued)?.traceId).toBe(currentTraceId());
    });
  });
});
