import { Client } from 'minio';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

export const objectStorageEnvSchema = z.object({
  /** S3-protocol endpoint: MinIO in a cluster, the embedded s3rver locally, or AWS S3. */
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000'),
  S3_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_SECRET_KEY: z.string().min(1).default('S3RVER'),
  S3_BUCKET: z.string().min(3).default('sopwright'),
  S3_REGION: z.string().default('us-east-1'),
});
export type ObjectStorageConfig = z.output<typeof objectStorageEnvSchema>;

/** The one bucket Sopwright keeps files in, through the `minio` client (S3 API). */
export class ObjectStorage {
  constructor(
    private readonly client: Client,
    readonly bucket: string,
    private readonly region: string,
  ) {}

  async ensureBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.region);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /**
   * Uploads a local file streamed from disk in one presigned PUT (S3 takes up to 5 GB so).
   * minio's fPutObject would read a file below its part size into memory first, and its
   * multipart path lists incomplete uploads, which s3rver does not implement.
   */
  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const url = new URL(await this.client.presignedPutObject(this.bucket, key, 15 * 60));
    const { size } = await stat(path);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    await new Promise<void>((resolve, reject) => {
      const upload = request(url, { method: 'PUT', headers: { 'Content-Type': contentType, 'Content-Length': size } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body = (body + chunk).slice(0, 2000)));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`Storing ${key} failed: HTTP ${status} ${body}`));
        });
        response.on('error', reject);
      });
      upload.on('error', reject);
      pipeline(createReadStream(path), upload).catch(reject);
    });
  }

  get(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  /**
   * Reads a whole object in one request, refusing one larger than `maxBytes`: by its
   * Content-Length before reading it, and by the bytes read should a server send none.
   * (A stat first, as before, was a second round trip per object: a tenth of a PDF export
   * with ten images on the local store.)
   */
  async read(key: string, maxBytes: number): Promise<Buffer> {
    const body = await this.client.getObject(this.bucket, key);
    const declared = Number((body as Partial<IncomingMessage>).headers?.['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      body.destroy();
      throw new ObjectTooLargeError(key, declared, maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new ObjectTooLargeError(key, size, maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFound' || (error as { code?: string }).code === 'NoSuchKey') return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }
}

export class ObjectTooLargeError extends Error {
  constructor(key: string, size: number, maxBytes: number) {
    super(`Object ${key} is ${size} bytes or more; the limit is ${maxBytes}`);
  }
}


export function createObjectStorage(config: ObjectStorageConfig): ObjectStorage {
  const endpoint = new URL(config.S3_ENDPOINT);
  const useSSL = endpoint.protocol === 'https:';
  const client = new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    pathStyle: true,
  });
  return new ObjectStorage(client, config.S3_BUCKET, config.S3_REGION);
}
