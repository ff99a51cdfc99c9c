import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createObjectStorage, ObjectTooLargeError, type ObjectStorage } from './object-storage';

/** An S3 endpoint reduced to GET: each object's bytes, with or without a Content-Length; it counts the requests. */
const objects = new Map<string, { body: Buffer; length: boolean }>([
  ['/bucket/small', { body: Buffer.from('twelve bytes'), length: true }],
  ['/bucket/large', { body: Buffer.alloc(64 * 1024, 1), length: true }],
  ['/bucket/unsized', { body: Buffer.alloc(64 * 1024, 2), length: false }],
]);
let server: Server;
let storage: ObjectStorage;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const object = objects.get(request.url!.split('?')[0]!);
    if (!object) return response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
    response.writeHead(200, object.length ? { 'content-length': String(object.body.length) } : {});
    // Sent in pieces, as a large object is.
    for (let at = 0; at < object.body.length; at += 8192) response.write(object.body.subarray(at, at + 8192));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  storage = createObjectStorage({ S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_BUCKET: 'bucket', S3_REGION: 'us-east-1' });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (requests.length = 0));

describe('ObjectStorage.read', () => {
  it('reads an object whole in one request', async () => {
    expect((await storage.read('small', 100)).toString()).toBe('twelve bytes');
    expect(requests).toEqual(['GET /bucket/small']);
  });

  it('refuses an object over the limit by its Content-Length', async () => {
    await expect(storage.read('large', 1024)).rejects.toThrow(ObjectTooLargeError);
    await expect(storage.read('large', 64 * 1024)).resolves.toHaveLength(64 * 1024);
  });

  it('refuses an object over the limit by the bytes read when the server sends no length', async () => {
    await expect(storage.read('unsized', 1024)).rejects.toThrow(ObjectTooLargeError);
    expect((await storage.read('unsized', 64 * 1024)).equals(objects.get('/bucket/unsized')!.body)).toBe(true);
  });

  it('fails for a missing object', async () => {
    await expect(storage.read('missing', 1024)).rejects.toThrow();
  });
});
