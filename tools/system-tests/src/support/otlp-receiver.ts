import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as the tests read it, flattened from OTLP/JSON. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind number: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  /** The resource's `service.name` (sopwright-gateway, sopwright-billing…). */
  service: string;
  attributes: Record<string, string | number | boolean>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[]; status?: { code?: number } }[] }[];
  }[];
}

const valueOf = (value: OtlpValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue ?? ''));
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/** OTLP/JSON ids are hex; a base64 id (some encoders) is turned into hex too. */
const hexId = (id: string) => (/^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

/**
 * A local OTLP/HTTP receiver, as an OpenTelemetry collector would be: the stack's services
 * export their spans to `POST /v1/traces` (JSON), and tests read them back with
 * `GET /spans?traceId=…`. It lives in the jest global setup's process for the whole run.
 */
export async function startOtlpReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'POST' && url.pathname === '/v1/traces') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          let body = Buffer.concat(chunks);
          if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
          if (!String(req.headers['content-type']).includes('json')) throw new Error(`expected OTLP/JSON, got ${req.headers['content-type']}`);
          const request = JSON.parse(body.toString('utf8')) as OtlpRequest;
          for (const resourceSpans of request.resourceSpans ?? []) {
            const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
            for (const scope of resourceSpans.scopeSpans ?? []) {
              for (const span of scope.spans ?? []) {
                spans.push({
                  traceId: hexId(span.traceId),
                  spanId: hexId(span.spanId),
                  parentSpanId: span.parentSpanId ? hexId(span.parentSpanId) : undefined,
                  name: span.name,
                  kind: span.kind,
                  service,
                  attributes: attributesOf(span.attributes),
                  status: span.status?.code ?? 0,
                });
              }
            }
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{}');
        } catch (error) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end(String(error));
        }
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('traceId');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(traceId ? spans.filter((span) => span.traceId === traceId) : spans));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the OTLP receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The spans of one trace received so far (from a test worker: the receiver runs in the global setup). */
export async function receivedSpans(traceId: string): Promise<ReceivedSpan[]> {
  const url = process.env.SOPWRIGHT_TEST_OTLP;
  if (!url) throw new Error('SOPWRIGHT_TEST_OTLP is not set: the global setup did not start the OTLP receiver');
  const response = await fetch(`${url}/spans?traceId=${traceId}`);
  return (await response.json()) as ReceivedSpan[];
}
