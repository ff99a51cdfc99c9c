{{/* Names and labels. */}}
{{- define "sopwright.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "sopwright.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: sopwright
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: sopwright
{{- end -}}

{{/* Selector labels of one component: include "sopwright.selectorLabels" (list $ "gateway") */}}
{{- define "sopwright.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: sopwright
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "sopwright.image" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $tag := $root.Values.image.tag | default $root.Chart.AppVersion -}}
{{- $digest := get ($root.Values.image.digests | default dict) $name -}}
{{- with $root.Values.image.registry }}{{ . }}/{{ end }}{{ $root.Values.image.repository }}/{{ $name }}:{{ $tag }}{{ with $digest }}@{{ . }}{{ end }}
{{- end -}}

{{/* A bundled store's image: repository:tag, plus @digest when one is given. */}}
{{- define "sopwright.storeImage" -}}
{{- .repository }}:{{ .tag }}{{ with .digest }}@{{ . }}{{ end }}
{{- end -}}

{{- define "sopwright.configMapName" -}}{{ include "sopwright.fullname" . }}-config{{- end -}}
{{- define "sopwright.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "sopwright.fullname" .)) -}}
{{- end -}}

{{/*
Facts about the code, not settings: which env vars each service's config schema reads
(services/<name>/src/config.ts and the server-kit schemas it extends). deploy-checks
compares this with the sources. WEB_DIR (gateway) is left unset on purpose: nginx serves
the web apps in a cluster.
*/}}
{{- define "sopwright.serviceEnv" -}}
gateway: [NODE_ENV, LOG_LEVEL, REDIS_URL, METRICS_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION, JWT_SECRET, JWT_TTL_SECONDS, COOKIE_SECURE, REMOTE_DASHBOARD_URL, REMOTE_EDITOR_URL, REMOTE_TEMPLATES_URL, REMOTE_BILLING_URL, PUBLIC_URL, EXPORT_TIMEOUT_MS, GENERATION_TIMEOUT_MS, RPC_TIMEOUT_MS]
auth: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT, JWT_SECRET, JWT_TTL_SECONDS]
sop: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT]
media: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION]
billing: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT, PUBLIC_URL, PAYMENTS_MODE]
generation: [NODE_ENV, LOG_LEVEL, REDIS_URL, HEALTH_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION, GENERATION_CONCURRENCY, STRUCTURER, TRANSCRIBER, IMAGE_READER]
export: [NODE_ENV, LOG_LEVEL, REDIS_URL, HEALTH_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION, EXPORT_CONCURRENCY, EXPORT_RENDER_TIMEOUT_MS, EXPORT_IMAGE_CACHE_MB, CHROMIUM_PATH]
{{- end -}}

{{/* The services with a Postgres schema, migrated by `node dist/migrate.js`. */}}
{{- define "sopwright.migratingServices" -}}
[auth, sop, media, billing]
{{- end -}}

{{- define "sopwright.secretKeys" -}}
[JWT_SECRET, DATABASE_URL, REDIS_URL, S3_ACCESS_KEY, S3_SECRET_KEY]
{{- end -}}

{{/* env entries of one service container: include "sopwright.envFor" (list $ "auth") */}}
{{- define "sopwright.envFor" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $vars := index (include "sopwright.serviceEnv" $root | fromYaml) $name -}}
{{- $secretKeys := include "sopwright.secretKeys" $root | fromYamlArray -}}
{{- range $vars }}
- name: {{ . }}
  valueFrom:
    {{- if has . $secretKeys }}
    secretKeyRef: { name: {{ include "sopwright.secretName" $root }}, key: {{ . }} }
    {{- else }}
    configMapKeyRef: { name: {{ include "sopwright.configMapName" $root }}, key: {{ . }} }
    {{- end }}
{{- end }}
{{- end -}}


{{/* Connection settings: bundled services or the external ones. */}}
{{- define "sopwright.databaseUrl" -}}
{{- if .Values.postgresql.bundled.enabled -}}
{{- with .Values.postgresql.bundled -}}
postgres://{{ .username | urlquery }}:{{ include "sopwright.credential" (list $ "postgres") | urlquery }}@{{ include "sopwright.fullname" $ }}-postgresql:5432/{{ .database }}
{{- end -}}
{{- else -}}
{{- required "postgresql.external.url is required when postgresql.bundled.enabled is false" .Values.postgresql.external.url -}}
{{- end -}}
{{- end -}}

{{/* The bundled Redis requires its password (AUTH): it travels in the URL every service reads. */}}
{{- define "sopwright.redisUrl" -}}
{{- if .Values.redis.bundled.enabled -}}
redis://:{{ include "sopwright.credential" (list . "redis") | urlquery }}@{{ include "sopwright.fullname" . }}-redis:6379
{{- else -}}
{{- required "redis.external.url is required when redis.bundled.enabled is false" .Values.redis.external.url -}}
{{- end -}}
{{- end -}}

{{- define "sopwright.s3Endpoint" -}}
{{- if .Values.objectStorage.bundled.enabled -}}
http://{{ include "sopwright.fullname" . }}-minio:9000
{{- else -}}
{{- required "objectStorage.external.endpoint is required when objectStorage.bundled.enabled is false" .Values.objectStorage.external.endpoint -}}
{{- end -}}
{{- end -}}

{{- define "sopwright.s3AccessKey" -}}
{{- if .Values.objectStorage.bundled.enabled -}}{{ .Values.objectStorage.bundled.accessKey }}
{{- else -}}{{ required "objectStorage.external.accessKey is required" .Values.objectStorage.external.accessKey }}{{- end -}}
{{- end -}}

{{- define "sopwright.s3SecretKey" -}}
{{- if .Values.objectStorage.bundled.enabled -}}{{ include "sopwright.credential" (list . "minio") }}
{{- else -}}{{ required "objectStorage.external.secretKey is required" .Values.objectStorage.external.secretKey }}{{- end -}}
{{- end -}}

{{/*
Generated credentials: the JWT secret and the bundled stores' passwords. Each one is the
value given, else the one already in the cluster (read back with `lookup` from the release's
Secret or the bundled Secret), else a new random one on a first install. Worked out once per
render and kept on .Release, so every template (Secrets, migration hook, checksums) agrees.

Without a cluster (helm template, install/upgrade --dry-run, Argo CD) `lookup` returns
nothing, and a new random value on every render would roll every pod, log every user out
and, for the stores, no longer match the password their data was created with. Such a
render fails instead and names the values to give (helm lint ignores `fail`). Whether a
cluster answered is told by listing the Secrets of the release's namespace (helm's own
release storage needs that permission): a list always has `items`, even in a new namespace.
Like bitnami's charts, an upgrade whose release Secret has gone fails rather than inventing
a new JWT secret.
*/}}
{{- define "sopwright.credentials" -}}
{{- if not (hasKey .Release "sopwrightCredentials") -}}
{{- $full := include "sopwright.fullname" . -}}
{{- $ns := .Release.Namespace -}}
{{- $cluster := hasKey (lookup "v1" "Secret" $ns "") "items" -}}
{{- $released := (lookup "v1" "Secret" $ns (printf "%s-secrets" $full)).data | default dict -}}
{{- $bundled := (lookup "v1" "Secret" $ns (printf "%s-bundled" $full)).data | default dict -}}
{{- $credentials := dict -}}
{{- $missing := list -}}
{{- if not .Values.secrets.existingSecret -}}
  {{- if .Values.secrets.jwtSecret -}}
    {{- $_ := set $credentials "jwt" .Values.secrets.jwtSecret -}}
  {{- else if hasKey $released "JWT_SECRET" -}}
    {{- $_ := set $credentials "jwt" (index $released "JWT_SECRET" | b64dec) -}}
  {{- else if not $cluster -}}
    {{- $missing = append $missing "secrets.jwtSecret (32+ characters; or secrets.existingSecret)" -}}
  {{- else if .Release.IsUpgrade -}}
    {{- fail (printf "\nSECRETS ERROR: this upgrade found no JWT_SECRET in the Secret %s-secrets of namespace %s; a new one would log every user out. Give the current one as secrets.jwtSecret (or use secrets.existingSecret)." $full $ns) -}}
  {{- else -}}
    {{- $_ := set $credentials "jwt" (randAlphaNum 48) -}}
  {{- end -}}
{{- end -}}
{{- $stores := list
  (dict "id" "postgres" "enabled" .Values.postgresql.bundled.enabled "value" .Values.postgresql.bundled.password "key" "postgres-password" "setting" "postgresql.bundled.password")
  (dict "id" "redis" "enabled" .Values.redis.bundled.enabled "value" .Values.redis.bundled.password "key" "redis-password" "setting" "redis.bundled.password")
  (dict "id" "minio" "enabled" .Values.objectStorage.bundled.enabled "value" .Values.objectStorage.bundled.secretKey "key" "minio-root-password" "setting" "objectStorage.bundled.secretKey") -}}
{{- range $store := $stores -}}
  {{- if $store.enabled -}}
    {{- if $store.value -}}
      {{- $_ := set $credentials $store.id $store.value -}}
    {{- else if hasKey $bundled $store.key -}}
      {{- $_ := set $credentials $store.id (index $bundled $store.key | b64dec) -}}
    {{- else if not $cluster -}}
      {{- $missing = append $missing $store.setting -}}
    {{- else -}}
      {{- $_ := set $credentials $store.id (randAlphaNum 32) -}}
    {{- end -}}
  {{- end -}}
{{- end -}}
{{- if $missing -}}
{{- fail (printf "\nSECRETS ERROR: rendering without a cluster (helm template, --dry-run, Argo CD): lookup cannot read the secrets this release keeps, and new random ones on every render would roll every pod, log every user out and lock the bundled stores out of their data. Give them as values: %s. Or render against the cluster with --dry-run=server." (join ", " $missing)) -}}
{{- end -}}
{{- $_ := set .Release "sopwrightCredentials" $credentials -}}
{{- end -}}
{{- end -}}

{{/* One generated credential: include "sopwright.credential" (list $ "jwt"|"postgres"|"redis"|"minio") */}}
{{- define "sopwright.credential" -}}
{{- $root := index . 0 -}}
{{- include "sopwright.credentials" $root -}}
{{- get $root.Release.sopwrightCredentials (index . 1) -}}
{{- end -}}

{{/*
Labels and the pod-level settings every pod template shares.
Pod labels: the standard app.kubernetes.io/* set plus the component, then podLabels (global,
then the component's), which may add labels but never replace the chart's.
include "sopwright.podLabels" (list $ "gateway" $.Values.services.gateway)
*/}}
{{- define "sopwright.podLabels" -}}
{{- $root := index . 0 -}}
{{- $component := index . 1 -}}
{{- $values := index . 2 | default dict -}}
{{- $chart := printf "%s\napp.kubernetes.io/component: %s" (include "sopwright.labels" $root) $component | fromYaml -}}
{{- $extra := merge (deepCopy ($values.podLabels | default dict)) ($root.Values.podLabels | default dict) -}}
{{- toYaml (merge $chart $extra) -}}
{{- end -}}

{{/* podAnnotations, global then the component's (the component's win). */}}
{{- define "sopwright.podAnnotations" -}}
{{- $root := index . 0 -}}
{{- $values := index . 1 | default dict -}}
{{- with merge (deepCopy ($values.podAnnotations | default dict)) ($root.Values.podAnnotations | default dict) }}
{{- toYaml . }}
{{- end -}}
{{- end -}}

{{- define "sopwright.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- .Values.serviceAccount.name | default (include "sopwright.fullname" .) -}}
{{- else -}}
{{- .Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/*
Pod spec fields of scheduling and identity: service account, pull secrets, priority class,
node selector, affinity, tolerations and topology spread. The component's own setting
replaces the global one; a topology spread constraint without a labelSelector gets the
component's selector labels. withServiceAccount false: the pod keeps the namespace's
default account (pre-install hooks run before the chart's ServiceAccount exists).
include "sopwright.podScheduling" (dict "root" $ "component" "gateway" "values" $svc)
*/}}
{{- define "sopwright.podScheduling" -}}
{{- $root := .root -}}
{{- $values := .values | default dict -}}
{{- if ne (toString .withServiceAccount) "false" }}
serviceAccountName: {{ include "sopwright.serviceAccountName" $root }}
{{- end }}
automountServiceAccountToken: {{ $root.Values.serviceAccount.automountToken }}
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.priorityClassName | default $root.Values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with $values.nodeSelector | default $root.Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.affinity | default $root.Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.tolerations | default $root.Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- range . }}
  {{- $constraint := deepCopy . }}
  {{- if not (hasKey $constraint "labelSelector") }}
  {{- $_ := set $constraint "labelSelector" (dict "matchLabels" (include "sopwright.selectorLabels" (list $root $.component) | fromYaml)) }}
  {{- end }}
  - {{- toYaml $constraint | nindent 4 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/*
Bytes of a memory quantity ("512Mi", "1Gi", "500M", "1073741824") times a percentage:
include "sopwright.memoryPercent" (list "512Mi" 80)
*/}}
{{- define "sopwright.memoryPercent" -}}
{{- $quantity := toString (index . 0) -}}
{{- $number := regexFind "^[0-9.]+" $quantity -}}
{{- $unit := trimPrefix $number $quantity -}}
{{- $factors := dict "" 1 "K" 1000 "M" 1000000 "G" 1000000000 "T" 1000000000000 "Ki" 1024 "Mi" 1048576 "Gi" 1073741824 "Ti" 1099511627776 -}}
{{- if not (hasKey $factors $unit) -}}{{- fail (printf "cannot read the memory quantity %q" $quantity) -}}{{- end -}}
{{- mulf (float64 $number) (index $factors $unit) (index . 1) 0.01 | floor | int64 -}}
{{- end -}}

{{/* Every ConfigMap key (name: value). */}}
{{- define "sopwright.configData" -}}
NODE_ENV: {{ .Values.config.nodeEnv | quote }}
LOG_LEVEL: {{ .Values.config.logLevel | quote }}
HEALTH_PORT: {{ .Values.config.healthPort | quote }}
PUBLIC_URL: {{ .Values.config.publicUrl | quote }}
PAYMENTS_MODE: {{ .Values.config.paymentsMode | quote }}
COOKIE_SECURE: {{ .Values.config.cookieSecure | quote }}
JWT_TTL_SECONDS: {{ .Values.config.jwtTtlSeconds | quote }}
RPC_TIMEOUT_MS: {{ .Values.config.rpcTimeoutMs | quote }}
GENERATION_TIMEOUT_MS: {{ .Values.config.generationTimeoutMs | quote }}
EXPORT_TIMEOUT_MS: {{ .Values.config.exportTimeoutMs | quote }}
REMOTE_DASHBOARD_URL: {{ .Values.config.remotes.dashboard | quote }}
REMOTE_EDITOR_URL: {{ .Values.config.remotes.editor | quote }}
REMOTE_TEMPLATES_URL: {{ .Values.config.remotes.templates | quote }}
REMOTE_BILLING_URL: {{ .Values.config.remotes.billing | quote }}
S3_ENDPOINT: {{ include "sopwright.s3Endpoint" . | quote }}
S3_BUCKET: {{ .Values.objectStorage.bucket | quote }}
S3_REGION: {{ .Values.objectStorage.region | quote }}
GENERATION_CONCURRENCY: {{ .Values.services.generation.concurrency | quote }}
STRUCTURER: {{ .Values.services.generation.providers.structurer | quote }}
TRANSCRIBER: {{ .Values.services.generation.providers.transcriber | quote }}
IMAGE_READER: {{ .Values.services.generation.providers.imageReader | quote }}
EXPORT_CONCURRENCY: {{ .Values.services.export.concurrency | quote }}
EXPORT_RENDER_TIMEOUT_MS: {{ .Values.services.export.renderTimeoutMs | quote }}
EXPORT_IMAGE_CACHE_MB: {{ .Values.services.export.imageCacheMb | quote }}
CHROMIUM_PATH: {{ .Values.services.export.chromiumPath | quote }}
METRICS_PORT: {{ .Values.metrics.gatewayPort | quote }}
{{- with .Values.tracing.otlpEndpoint }}
{{- range $key, $value := include "sopwright.tracingEnv" $ | fromYaml }}
{{ $key }}: {{ $value | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* OpenTelemetry's variables for every service, when tracing.otlpEndpoint is set. */}}
{{- define "sopwright.tracingEnv" -}}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ .Values.tracing.otlpEndpoint | quote }}
OTEL_TRACES_SAMPLER: parentbased_traceidratio
OTEL_TRACES_SAMPLER_ARG: {{ .Values.tracing.sampleRatio | toString | quote }}
{{- end -}}

{{/* Every Secret key (name: value), only when the chart writes the Secret. */}}
{{- define "sopwright.secretData" -}}
JWT_SECRET: {{ include "sopwright.credential" (list . "jwt") | quote }}
DATABASE_URL: {{ include "sopwright.databaseUrl" . | quote }}
REDIS_URL: {{ include "sopwright.redisUrl" . | quote }}
S3_ACCESS_KEY: {{ include "sopwright.s3AccessKey" . | quote }}
S3_SECRET_KEY: {{ include "sopwright.s3SecretKey" . | quote }}
{{- end -}}


{{/*
Extra env entries and envFrom sources of one service container, for optional variables the
chart has no value for (provider keys, tool paths): the global ones, then the service's.
include "sopwright.extraEnv" (list $ $svc)
*/}}
{{- define "sopwright.extraEnv" -}}
{{- $root := index . 0 -}}
{{- $svc := index . 1 -}}
{{- $entries := concat ($root.Values.extraEnv | default list) ($svc.extraEnv | default list) -}}
{{- with $entries }}{{ toYaml . }}{{ end -}}
{{- end -}}

{{- define "sopwright.extraEnvFrom" -}}
{{- $root := index . 0 -}}
{{- $svc := index . 1 -}}
{{- $sources := concat ($root.Values.extraEnvFrom | default list) ($svc.extraEnvFrom | default list) -}}
{{- with $sources }}{{ toYaml . }}{{ end -}}
{{- end -}}
