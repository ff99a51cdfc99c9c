import { sopMessages, type SopOrigin, type Step } from '@sopwright/contracts';
import { baseUrl } from './api';
import { services } from './services';

/** A real 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export async function seedSop(ownerId: string, title: string, options: { sourceType?: 'text' | 'video'; origin?: SopOrigin; steps?: Step[]; transcript?: string } = {}) {
  return services().send(sopMessages.create, {
    ownerId,
    title,
    sourceType: options.sourceType ?? 'text',
    origin: options.origin ?? (options.sourceType === 'video' ? 'video' : 'text'),
    steps: options.steps ?? [
      { title: 'Open the settings page', details: 'Use the gear icon at the top right.' },
      { title: 'Save your changes', details: 'Click Save and wait for the confirmation.' },
    ],
    transcript: options.transcript ?? null,
  });
}

export async function upload(path: string, field: string, file: { bytes: Buffer; name: string; type?: string }, token?: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

export async function fetchAsUser(path: string, token?: string) {
  return fetch(`${baseUrl()}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}
