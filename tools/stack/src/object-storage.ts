import { mkdir } from 'node:fs/promises';

export interface RunningObjectStorage {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * An S3-protocol server (s3rver) storing objects as files in `dir`. Services talk to it
 * with the same `minio` client they use against MinIO in a cluster.
 */
export async function startObjectStorage(dir: string, port: number, bucket: string): Promise<RunningObjectStorage> {
  await mkdir(dir, { recursive: true });
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  await keepPrefixFolders(port, bucket);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed development credentials.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    stop: () => server.close(),
  };
}

/**
 * s3rver keeps objects as files and deletes a folder once its last object goes. A put
 * racing that delete fails, so the prefixes that empty and refill all the time (uploads
 * in flight, finished exports) each keep a placeholder object.
 */
async function keepPrefixFolders(port: number, bucket: string): Promise<void> {
  const { Client } = await import('minio');
  const client = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', pathStyle: true });
  for (const prefix of ['incoming', 'exports']) await client.putObject(bucket, `${prefix}/.keep`, Buffer.from(''), 0);
}
