import { BadRequestException, HttpException, HttpStatus, UnsupportedMediaTypeException } from '@nestjs/common';
import { checkRasterImage, ImageRefusedError, imageRefusals, type ObjectStorage } from '@sopwright/server-kit';
import busboy from 'busboy';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface FileRule {
  /** Most bytes one file may have; more is refused while streaming, never buffered. */
  maxBytes: number;
  maxCount: number;
  tooLargeMessage: string;
  /** More files than maxCount are refused with this message; without it extras are dropped. */
  tooManyMessage?: string;
  /**
   * Accepted types, decided from the bytes (file-type), never the name or declared type:
   * detected MIME type → the type recorded for the file. Without it any bytes are taken.
   */
  types?: Record<string, string>;
  wrongTypeMessage?: string;
  /** Images only: decode each for real, refusing more pixels than this or a damaged file (checkRasterImage). */
  maxPixels?: number;
}

export interface ReceivedFile {
  field: string;
  /** Object-storage key under `incoming/`; the service that takes the file removes it. */
  key: string;
  bytes: number;
  /** From the bytes when the rule lists types; else application/octet-stream. */
  contentType: string;
  /** Images checked with maxPixels: their size in pixels, as decoded. */
  dimensions?: { width: number; height: number };
}

/** Limits on the form's text fields and parts, for forms that carry more than a title. */
export interface FormLimits {
  /** Longest text field, in bytes. Default 100 kB. */
  maxFieldBytes?: number;
  fieldTooLargeMessage?: string;
  /** Most parts (fields and files). Default 50. */
  maxParts?: number;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Receives a multipart upload: each accepted file streams to a temporary file on disk,
 * counted as it passes and refused the moment it exceeds its limit, then goes to object
 * storage under `incoming/`. Nothing is held whole in memory and no bytes go to Redis;
 * services receive only keys. Whatever happens, the temporary files are deleted, and on
 * failure so are the objects already stored.
 */
export async function receiveUpload(req: Request, storage: ObjectStorage, rules: Record<string, FileRule>, form: FormLimits = {}): Promise<ReceivedUpload> {
  if (!req.is('multipart/form-data')) throw new BadRequestException('Expected a multipart/form-data upload');
  const maxFieldBytes = form.maxFieldBytes ?? 100_000;
  const ceiling = Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes * rule.maxCount, MULTIPART_OVERHEAD + (form.maxFieldBytes ?? 0));
  if (Number(req.headers['content-length'] ?? 0) > ceiling) {
    req.resume();
    throw new HttpException(Object.values(rules)[0]!.tooLargeMessage, HttpStatus.PAYLOAD_TOO_LARGE);
  }

  const spool = await mkdtemp(join(tmpdir(), 'sopwright-upload-'));
  const fields: Record<string, string> = {};
  const files: (ReceivedFile & { path: string })[] = [];
  const writes: Promise<void>[] = [];
  let tooMany: string | undefined;
  let refuse: (error: unknown) => void = () => undefined;
  const fileStreams: Readable[] = [];
  try {
    const parser = busboy({ headers: req.headers, limits: { fields: 20, fieldSize: maxFieldBytes, parts: form.maxParts ?? 50 } });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) refuse(new HttpException(form.fieldTooLargeMessage ?? 'A form field is too long', form.fieldTooLargeMessage ? HttpStatus.PAYLOAD_TOO_LARGE : HttpStatus.BAD_REQUEST));
      else fields[name] = value;
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => refuse(new BadRequestException('The upload has too many parts')));
    }
    parser.on('file', (field, stream) => {
      const rule = rules[field];
      if (rule && rule.tooManyMessage && files.filter((file) => file.field === field).length >= rule.maxCount) tooMany ??= rule.tooManyMessage;
      if (!rule || files.filter((file) => file.field === field).length >= rule.maxCount) return void stream.resume();
      const file = { field, key: `incoming/${randomUUID()}`, bytes: 0, path: join(spool, String(files.length)), contentType: 'application/octet-stream' };
      files.push(file);
      fileStreams.push(stream);
      const written = pipeline(stream, byteCounter(rule, (bytes) => (file.bytes = bytes)), createWriteStream(file.path));
      // A refused file is drained so the parser still reaches the end of the form.
      const settled = written.catch((error: unknown) => (stream.resume(), Promise.reject(error)));
      // A refused file ends the upload at once: the rest of the body is drained, not parsed (a
      // destroyed file stream would stall the parser), and the refusal is answered.
      settled.catch((error: unknown) => refuse(error));
      writes.push(settled);
    });
    await new Promise<void>((resolve, reject) => {
      refuse = reject;
      parser.once('close', resolve);
      parser.once('error', reject);
      req.once('aborted', () => reject(new BadRequestException('The upload was interrupted')));
      // However the body is sent (chunked, with no length), it may not outgrow what the rules allow.
      req.pipe(bodyCounter(ceiling, Object.values(rules)[0]!.tooLargeMessage, reject)).pipe(parser);
    });
    const outcomes = await Promise.allSettled(writes);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    if (tooMany) throw new BadRequestException(tooMany);
    for (const file of files) {
      const rule = rules[file.field]!;
      if (!rule.types) continue;
      const detected = rule.types[(await sniffType(file.path)) ?? ''];
      if (!detected) throw new UnsupportedMediaTypeException(rule.wrongTypeMessage ?? 'That file type is not supported');
      file.contentType = detected;
      if (rule.maxPixels) file.dimensions = await refuseUndecodable(file.path, rule.maxPixels);
    }

    const stored: ReceivedFile[] = [];
    try {
      for (const file of files) {
        await storage.putFile(file.key, file.path, file.contentType);
        stored.push({ field: file.field, key: file.key, bytes: file.bytes, contentType: file.contentType, ...(file.dimensions ? { dimensions: file.dimensions } : {}) });
      }
    } catch (error) {
      await Promise.all(stored.map((file) => storage.remove(file.key).catch(() => undefined)));
      throw error;
    }
    return { fields, files: stored };
  } catch (error) {
    req.unpipe();
    req.resume();
    // Files still arriving when the upload was refused are cut off, so their writes settle.
    for (const stream of fileStreams) stream.destroy();
    if (error instanceof HttpException) throw error;
    if (error instanceof Error && /Unexpected end of form|Malformed|boundary/i.test(error.message)) {
      throw new BadRequestException('The upload could not be read');
    }
    throw error;
  } finally {
    await Promise.allSettled(writes);
    await rm(spool, { recursive: true, force: true });
  }
}

async function refuseUndecodable(path: string, maxPixels: number): Promise<{ width: number; height: number }> {
  try {
    return await checkRasterImage(path, maxPixels);
  } catch (error) {
    if (!(error instanceof ImageRefusedError)) throw error;
    const tooLarge = error.message === imageRefusals.tooManyPixels(maxPixels);
    throw tooLarge ? new HttpException(error.message, HttpStatus.PAYLOAD_TOO_LARGE) : new UnsupportedMediaTypeException(error.message);
  }
}

/** The MIME type the file's first bytes show (file-type), or null. */
async function sniffType(path: string): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return (await fileTypeFromBuffer(head.subarray(0, bytesRead)))?.mime ?? null;
  } finally {
    await handle.close();
  }
}

function bodyCounter(ceiling: number, tooLargeMessage: string, refuse: (error: unknown) => void): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > ceiling) {
        refuse(new HttpException(tooLargeMessage, HttpStatus.PAYLOAD_TOO_LARGE));
        return callback(); // dropped: the request is drained, not parsed
      }
      callback(null, chunk);
    },
  });
}

function byteCounter(rule: FileRule, onProgress: (bytes: number) => void): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      onProgress(bytes);
      if (bytes > rule.maxBytes) return callback(new HttpException(rule.tooLargeMessage, HttpStatus.PAYLOAD_TOO_LARGE));
      callback(null, chunk);
    },
  });
}
