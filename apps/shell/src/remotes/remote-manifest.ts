/** Remote name → URL of its remoteEntry.js, as the server answers GET /remotes.json. */
export type RemoteManifest = Readonly<Record<string, string>>;

export const REMOTES_MANIFEST_URL = '/remotes.json';

const remoteName = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Rejects anything but an object of remote names to non-empty entry URLs, naming the fault. */
export function parseRemoteManifest(value: unknown): RemoteManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${REMOTES_MANIFEST_URL} must be a JSON object of remote name to entry URL`);
  }
  const manifest: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (!remoteName.test(name)) throw new Error(`${REMOTES_MANIFEST_URL} has an invalid remote name "${name}"`);
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new Error(`${REMOTES_MANIFEST_URL} gives remote "${name}" no entry URL`);
    }
    manifest[name] = entry.trim();
  }
  return manifest;
}

/** './DashboardPage' of 'dashboard' → 'dashboard/DashboardPage', the id loadRemote takes. */
export function remoteModuleId(remote: string, exposedModule: string): string {
  return `${remote}/${exposedModule.replace(/^\.\//, '')}`;
}
