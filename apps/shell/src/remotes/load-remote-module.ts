import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { provideFederationRuntime } from './federation-runtime';
import { REMOTES_MANIFEST_URL, parseRemoteManifest, remoteModuleId, type RemoteManifest } from './remote-manifest';

let manifestRequest: Promise<RemoteManifest> | undefined;
/** Remotes whose last load failed; they are registered again so a retry fetches afresh. */
const failedRemotes = new Set<string>();

async function fetchManifest(): Promise<RemoteManifest> {
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${response.status}`);
  const manifest = parseRemoteManifest(await response.json());
  provideFederationRuntime();
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  return manifest;
}

/** Fetched once per page load; a failed fetch is forgotten so "Try again" asks again. */
function remoteManifest(): Promise<RemoteManifest> {
  if (!manifestRequest) {
    manifestRequest = fetchManifest();
    manifestRequest.catch(() => {
      manifestRequest = undefined;
    });
  }
  return manifestRequest;
}

/** Loads a module a remote exposes, finding the remote through /remotes.json. */
export async function loadRemoteModule<T>(remote: string, exposedModule: string): Promise<T> {
  const manifest = await remoteManifest();
  const entry = manifest[remote];
  if (!entry) throw new Error(`The "${remote}" remote is not listed in ${REMOTES_MANIFEST_URL}`);
  if (failedRemotes.has(remote)) {
    registerRemotes([{ name: remote, entry }], { force: true });
    failedRemotes.delete(remote);
  }
  try {
    const loaded = await loadRemote<T>(remoteModuleId(remote, exposedModule));
    if (!loaded) throw new Error(`The "${remote}" remote did not provide ${exposedModule}`);
    return loaded;
  } catch (error) {
    failedRemotes.add(remote);
    throw error;
  }
}
