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
{{- with $root.Values.image.registry }}{{ . }}/{{ end }}{{ $root.Values.image.repository }}/{{ $name }}:{{ $tag }}
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
gateway: [NODE_ENV, LOG_LEVEL, REDIS_URL, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION, JWT_SECRET, JWT_TTL_SECONDS, COOKIE_SECURE, REMOTE_DASHBOARD_URL, REMOTE_EDITOR_URL, REMOTE_TEMPLATES_URL, REMOTE_BILLING_URL, PUBLIC_URL, EXPORT_TIMEOUT_MS, GENERATION_TIMEOUT_MS, RPC_TIMEOUT_MS]
auth: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT, JWT_SECRET, JWT_TTL_SECONDS]
sop: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT]
media: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION]
billing: [NODE_ENV, LOG_LEVEL, REDIS_URL, DATABASE_URL, HEALTH_PORT, PUBLIC_URL, PAYMENTS_MODE]
generation: [NODE_ENV, LOG_LEVEL, REDIS_URL, HEALTH_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION, GENERATION_CONCURRENCY, STRUCTURER, TRANSCRIBER, IMAGE_READER]
export: [NODE_ENV, LOG_LEVEL, REDIS_URL, HEALTH_PORT, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION, EXPORT_CONCURRENCY, EXPORT_RENDER_TIMEOUT_MS, CHROMIUM_PATH]
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
postgres://{{ .username | urlquery }}:{{ .password | urlquery }}@{{ include "sopwright.fullname" $ }}-postgresql:5432/{{ .database }}
{{- end -}}
{{- else -}}
{{- required "postgresql.external.url is required when postgresql.bundled.enabled is false" .Values.postgresql.external.url -}}
{{- end -}}
{{- end -}}

{{- define "sopwright.redisUrl" -}}
{{- if .Values.redis.bundled.enabled -}}
redis://{{ include "sopwright.fullname" . }}-redis:6379
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
{{- if .Values.objectStorage.bundled.enabled -}}{{ .Values.objectStorage.bundled.secretKey }}
{{- else -}}{{ required "objectStorage.external.secretKey is required" .Values.objectStorage.external.secretKey }}{{- end -}}
{{- end -}}

{{/*
JWT_SECRET: the value given, else the one already in the release's Secret, else a new
random one (generated once per render, so the Secret and the migration hook agree).
*/}}
{{- define "sopwright.jwtSecret" -}}
{{- if .Values.secrets.jwtSecret -}}
{{- .Values.secrets.jwtSecret -}}
{{- else -}}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (printf "%s-secrets" (include "sopwright.fullname" .)) -}}
{{- if and $existing (hasKey ($existing.data | default dict) "JWT_SECRET") -}}
{{- index $existing.data "JWT_SECRET" | b64dec -}}
{{- else -}}
{{- if not (hasKey .Release "sopwrightJwtSecret") -}}
{{- $_ := set .Release "sopwrightJwtSecret" (randAlphaNum 48) -}}
{{- end -}}
{{- .Release.sopwrightJwtSecret -}}
{{- end -}}
{{- end -}}
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
CHROMIUM_PATH: {{ .Values.services.export.chromiumPath | quote }}
{{- end -}}

{{/* Every Secret key (name: value), only when the chart writes the Secret. */}}
{{- define "sopwright.secretData" -}}
JWT_SECRET: {{ include "sopwright.jwtSecret" . | quote }}
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
