import { resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../../..');
export const chartDir = resolve(repoRoot, 'helm/sopwright');
export const dockerDir = resolve(repoRoot, 'docker');
export const binDir = resolve(repoRoot, 'node_modules/.bin');

/** Every back-end service, as built by docker/service.Dockerfile (SERVICE=<name>). */
export const serviceNames = ['gateway', 'auth', 'sop', 'media', 'billing', 'generation', 'export'] as const;
export type ServiceName = (typeof serviceNames)[number];
