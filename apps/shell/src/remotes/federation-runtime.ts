import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/**
 * The federation runtime for the remotes. They are built with `externalRuntime` (libs/web-client
 * build/federated-app.cjs), so their remoteEntry.js reads it from `_FEDERATION_RUNTIME_CORE`
 * instead of each bringing its own copy (~14 KB compressed apiece) of what the shell has
 * loaded already. These are the parts of it the remotes' runtime takes (MF's own injecting
 * plugin would hand over all of runtime-core, and keep every part of it in main.js); the test
 * beside this file checks the list against the installed federation packages.
 */
export const runtimeForRemotes: Readonly<Record<string, unknown>> = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** Before any remote's entry runs. */
export function provideFederationRuntime(): void {
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= runtimeForRemotes;
}
