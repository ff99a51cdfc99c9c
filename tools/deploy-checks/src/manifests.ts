import { parseAllDocuments } from 'yaml';
import { unknownFields } from './unknown-fields';
import { parsePromQL } from './promql';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

/** Every non-empty YAML document of a multi-document stream; a YAML error throws. */
export function parseManifests(text: string): Manifest[] {
  const docs = parseAllDocuments(text, { uniqueKeys: true });
  const manifests: Manifest[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(doc.errors.map((error) => error.message).join('\n'));
    const value = doc.toJS() as Manifest | null;
    if (value) manifests.push(value);
  }
  return manifests;
}

/**
 * Custom resources kubernetes-models has no schema for, with the fields we rely on.
 * They are checked structurally here; the CRD's own schema applies only in a cluster.
 */
const customResources: Record<string, (manifest: Manifest) => string[]> = {
  'keda.sh/v1alpha1/ScaledObject': (manifest) => {
    const problems: string[] = [];
    if (typeof manifest.spec?.scaleTargetRef?.name !== 'string') problems.push('spec.scaleTargetRef.name must be a string');
    const triggers = manifest.spec?.triggers;
    if (!Array.isArray(triggers) || triggers.length === 0) problems.push('spec.triggers must be a non-empty list');
    for (const trigger of triggers ?? []) {
      if (typeof trigger.type !== 'string') problems.push('trigger.type must be a string');
      for (const [key, value] of Object.entries(trigger.metadata ?? {})) if (typeof value !== 'string') problems.push(`trigger metadata ${key} must be a string`);
      if (trigger.type === 'prometheus') problems.push(...parsePromQL(String(trigger.metadata?.query)).errors);
    }
    for (const field of ['minReplicaCount', 'maxReplicaCount', 'pollingInterval', 'cooldownPeriod']) {
      if (field in (manifest.spec ?? {}) && !Number.isInteger(manifest.spec[field])) problems.push(`spec.${field} must be an integer`);
    }
    if (manifest.spec?.advanced !== undefined && (typeof manifest.spec.advanced !== 'object' || Array.isArray(manifest.spec.advanced))) problems.push('spec.advanced must be an object');
    return problems;
  },
  'monitoring.coreos.com/v1/ServiceMonitor': (manifest) => {
    const problems: string[] = [];
    if (typeof manifest.spec?.selector !== 'object') problems.push('spec.selector must be a label selector');
    const endpoints = manifest.spec?.endpoints;
    if (!Array.isArray(endpoints) || endpoints.length === 0) problems.push('spec.endpoints must be a non-empty list');
    for (const endpoint of endpoints ?? []) {
      if (typeof endpoint.port !== 'string') problems.push('endpoint.port must be a port name');
      for (const field of ['interval', 'scrapeTimeout']) if (field in endpoint && !/^\d+(ms|s|m|h)$/.test(endpoint[field])) problems.push(`endpoint.${field} must be a duration`);
    }
    return problems;
  },
  'monitoring.coreos.com/v1/PrometheusRule': (manifest) => {
    const problems: string[] = [];
    const groups = manifest.spec?.groups;
    if (!Array.isArray(groups) || groups.length === 0) return ['spec.groups must be a non-empty list'];
    for (const group of groups) {
      if (typeof group.name !== 'string') problems.push('group.name must be a string');
      for (const rule of group.rules ?? []) {
        if (typeof rule.alert !== 'string' && typeof rule.record !== 'string') problems.push('a rule needs alert or record');
        if (typeof rule.expr !== 'string') problems.push(`${rule.alert}: expr must be a string`);
        else problems.push(...parsePromQL(rule.expr).errors.map((error) => `${rule.alert}: ${error}`));
        if ('for' in rule && !/^\d+(ms|s|m|h)$/.test(rule.for)) problems.push(`${rule.alert}: for must be a duration`);
        for (const [key, value] of Object.entries({ ...rule.labels, ...rule.annotations })) if (typeof value !== 'string') problems.push(`${rule.alert}: ${key} must be a string`);
      }
    }
    return problems;
  },
  'keda.sh/v1alpha1/TriggerAuthentication': (manifest) => {
    const refs = manifest.spec?.secretTargetRef;
    if (!Array.isArray(refs) || refs.length === 0) return ['spec.secretTargetRef must be a non-empty list'];
    return refs.flatMap((ref: Record<string, unknown>) => ['parameter', 'name', 'key'].filter((field) => typeof ref[field] !== 'string').map((field) => `secretTargetRef ${field} must be a string`));
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ModelClass = new (data: any) => { validate(): void };

async function modelFor(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  const path = apiVersion.includes('/') ? apiVersion : `v1`;
  try {
    const models = (await import(`kubernetes-models/${path}`)) as Record<string, ModelClass | undefined>;
    return models[kind];
  } catch (error) {
    // Only an unknown group/version is "unknown"; anything else is a broken validator.
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/** Pod specs inside workloads, for the rules the OpenAPI schema leaves to the API server. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function podSpecOf(manifest: Manifest): any {
  if (manifest.kind === 'Pod') return manifest.spec;
  if (manifest.kind === 'CronJob') return manifest.spec?.jobTemplate?.spec?.template?.spec;
  return manifest.spec?.template?.spec;
}

/**
 * Problems of one manifest: the Kubernetes 1.27 OpenAPI schema (kubernetes-models' ajv
 * validators), plus what the schema does not enforce but the API server does: every
 * container has an image (a typo such as `imagee:` leaves it missing).
 */
export async function validateManifest(manifest: Manifest): Promise<string[]> {
  const id = `${manifest.kind}/${manifest.metadata?.name}`;
  if (!manifest.apiVersion || !manifest.kind) return [`${id}: apiVersion and kind are required`];
  const custom = customResources[`${manifest.apiVersion}/${manifest.kind}`];
  const problems: string[] = [];
  if (custom) {
    problems.push(...custom(manifest));
  } else {
    const Model = await modelFor(manifest.apiVersion, manifest.kind);
    if (!Model) return [`${id}: unknown apiVersion/kind ${manifest.apiVersion} ${manifest.kind}`];
    try {
      new Model(manifest).validate();
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  const pod = podSpecOf(manifest);
  for (const container of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
    if (typeof container.image !== 'string' || container.image.trim() === '') problems.push(`container ${container.name} has no image`);
  }
  return problems.map((problem) => `${id}: ${problem}`);
}

export const isCustomResource = (manifest: Manifest): boolean => `${manifest.apiVersion}/${manifest.kind}` in customResources;

/** Schema problems and rule breaches of every manifest, then fields the API types lack. */
export async function validateAll(manifests: Manifest[]): Promise<string[]> {
  const problems = (await Promise.all(manifests.map(validateManifest))).flat();
  return [...problems, ...unknownFields(manifests, (manifest) => !manifest.apiVersion || !manifest.kind || isCustomResource(manifest))];
}
