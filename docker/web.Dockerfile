# syntax=docker/dockerfile:1
# The web apps as static files: the shell at /, each remote under /remotes/<name>/, and
# /remotes.json rendered from REMOTE_*_URL when the container starts. From the repository root:
#   docker build -f docker/web.Dockerfile -t sopwright/web:dev .
# Needs BuildKit (Docker 23+ default) so that docker/web.Dockerfile.dockerignore applies.

# Node only builds the apps here (tools/deploy/build-images.sh may point it at a copy that
# trusts an extra CA certificate); the shipped stage is nginx.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-bookworm

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -print0 | tar --null -cf - -T - | tar -xf - -C /manifests \
 && cp package-lock.json .npmrc /manifests/

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
# npm can end an interrupted install with status 0 ("Exit handler never called"): check that it finished.
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && test -f node_modules/.package-lock.json && test -x node_modules/.bin/nx

FROM deps AS build
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true
COPY nx.json tsconfig.base.json tsconfig.node.json tsconfig.web.json ./
COPY libs/ libs/
COPY apps/ apps/
# Writes dist/web/shell and dist/web/remotes/<name> (each app's webpack config says where).
RUN npx nx run-many -t build --projects=@sopwright/shell,@sopwright/dashboard,@sopwright/editor,@sopwright/templates,@sopwright/billing-web --output-style=stream \
 && test -f dist/web/shell/index.html \
 && for remote in billing dashboard editor templates; do test -f "dist/web/remotes/$remote/remoteEntry.js"; done

# nginx-unprivileged runs as uid 101 and listens on 8080. Its entrypoint renders
# /etc/nginx/templates/*.template into /etc/nginx/conf.d with envsubst at start-up.
FROM ${NGINX_IMAGE} AS runtime
# Defaults of what the entrypoint substitutes; compose and the chart set their own.
ENV \
    REMOTE_DASHBOARD_URL=/remotes/dashboard/remoteEntry.js \
    REMOTE_EDITOR_URL=/remotes/editor/remoteEntry.js \
    REMOTE_TEMPLATES_URL=/remotes/templates/remoteEntry.js \
    REMOTE_BILLING_URL=/remotes/billing/remoteEntry.js \
    API_UPSTREAM=http://gateway:8080 \
    CSP_REMOTE_ORIGINS="'self'" \
    NGINX_ENVSUBST_FILTER="^(REMOTE_[A-Z]+_URL|API_UPSTREAM|CSP_REMOTE_ORIGINS)$"
COPY docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template
# Waits for API_UPSTREAM's host to resolve before nginx starts (nginx resolves it once,
# at start-up, and would exit while the gateway's container does not exist yet).
COPY --chmod=0755 docker/nginx/40-wait-for-api-upstream.sh /docker-entrypoint.d/40-wait-for-api-upstream.sh
COPY --from=build /app/dist/web/shell/ /usr/share/nginx/html/
COPY --from=build /app/dist/web/remotes/ /usr/share/nginx/html/remotes/
# Read-only root filesystem in the chart: it mounts emptyDirs on /etc/nginx/conf.d (the
# rendered config) and /tmp (pid file and request buffers of the unprivileged image).
USER 101
EXPOSE 8080
