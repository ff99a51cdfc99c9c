# syntax=docker/dockerfile:1
# One image per back-end service, from the repository root:
#   docker build -f docker/service.Dockerfile --build-arg SERVICE=gateway -t sopwright/gateway:dev .
# SERVICE is one of: gateway auth sop media billing generation export.
# Needs BuildKit (Docker 23+ default) so that docker/service.Dockerfile.dockerignore applies.

# Node 20, as on the development machines and in CI (the whole test suite runs there);
# see the README for the version decision.
ARG NODE_IMAGE=node:20-bookworm-slim
# The image the build stages start from: the same by default. tools/deploy/build-images.sh
# points it at a copy that trusts an extra CA certificate (networks that intercept TLS),
# so that the certificate never reaches the shipped stage, which starts from NODE_IMAGE.
ARG NODE_BUILD_IMAGE=node:20-bookworm-slim

# Every workspace's package.json (and nothing else), so that `npm ci` below stays cached
# until a manifest or the lock file changes, and no workspace can be forgotten in a list.
FROM ${NODE_BUILD_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -print0 | tar --null -cf - -T - | tar -xf - -C /manifests \
 && cp package-lock.json .npmrc /manifests/

# The compilers argon2's node-gyp build needs. The image's npm (10) does not know the
# root package.json's allowScripts, so installs run with --ignore-scripts and argon2, the
# one package whose install script we want, is rebuilt from source explicitly: its
# prebuilt Linux binary crashes on some glibc machines (see README).
FROM ${NODE_BUILD_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

# All dependencies, for building.
FROM toolchain AS deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
# npm can end an interrupted install with status 0 ("Exit handler never called"): check that it finished.
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && test -f node_modules/.package-lock.json && test -x node_modules/.bin/nx

# Build the service and the libraries it depends on (nx follows the project graph).
FROM deps AS build
ARG SERVICE
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true
COPY nx.json tsconfig.base.json tsconfig.node.json ./
COPY libs/ libs/
# nx's project graph makes sop and billing depend on tools/stack (their jest configs start
# Postgres with it), so `^build` builds it too: it must be here, though no image ships it.
COPY tools/stack/ tools/stack/
COPY services/ services/
RUN test -n "$SERVICE" && test -f "services/$SERVICE/package.json" \
 && npx nx run "@sopwright/$SERVICE:build" --output-style=stream \
 && mkdir -p "/out/services/$SERVICE" /out/libs \
 && cp -r "services/$SERVICE/package.json" "services/$SERVICE/dist" "/out/services/$SERVICE/" \
 && for data in templates assets; do if [ -d "services/$SERVICE/$data" ]; then cp -r "services/$SERVICE/$data" "/out/services/$SERVICE/"; fi; done \
 && for lib in libs/*/; do lib="$(basename "$lib")"; if [ -d "libs/$lib/dist" ]; then mkdir -p "/out/libs/$lib" && cp -r "libs/$lib/package.json" "libs/$lib/dist" "/out/libs/$lib/"; fi; done \
 && find /out -name '*.map' -delete

# Production dependencies only, minus what no service loads: the embedded local stack
# (embedded-postgres, s3rver) and the web apps' React packages, with everything only they
# depend on (prune-node-modules.cjs follows package-lock.json; deploy-checks verifies that
# every package a service or server library imports stays). argon2 is compiled against the
# image's own Node headers (/usr/local/include/node), never ones downloaded by node-gyp.
# playwright-core is a root devDependency that the export worker imports, so that image
# takes it from the build deps.
FROM toolchain AS prod-deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && test -f node_modules/.package-lock.json \
 && npm_config_nodedir=/usr/local npm_config_build_from_source=true npm rebuild argon2 \
 && test -f node_modules/argon2/build/Release/argon2.node \
 && rm -rf node_modules/argon2/build/Release/obj.target node_modules/argon2/prebuilds \
 && npm cache clean --force
# Only the node_modules folder leaves this stage, so pruning in a layer of its own costs
# nothing and keeps the install above cached when the script changes.
COPY docker/prune-node-modules.cjs /usr/local/lib/prune-node-modules.cjs
RUN node /usr/local/lib/prune-node-modules.cjs embedded-postgres s3rver \
    react react-dom react-redux react-router-dom @reduxjs/toolkit @chakra-ui/react @emotion/react lucide-react react-image-crop
COPY --from=deps /app/node_modules/playwright-core /tmp/playwright-core
# Declared this late so that the npm ci above is one cached layer shared by every service
# (a build argument invalidates the cache of every RUN after its declaration).
ARG SERVICE
RUN if [ "$SERVICE" = "export" ]; then mv /tmp/playwright-core node_modules/playwright-core; else rm -rf /tmp/playwright-core; fi

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# Only the system packages a service runs: the export worker prints PDFs with Debian's
# Chromium (the fonts keep its output the same as on the development machines); the
# generation worker extracts audio and frames with ffmpeg, transcribes offline with
# pocketsphinx and reads text in images with tesseract; media reads images with tesseract
# too (automatic redaction's proposals) and draws edit layers' labels in DejaVu Sans.
# Other services get none.
RUN case "$SERVICE" in \
      export) packages="chromium fonts-liberation2 fonts-dejavu-core fonts-wqy-microhei" ;; \
      generation) packages="ffmpeg pocketsphinx pocketsphinx-en-us sphinxbase-utils tesseract-ocr tesseract-ocr-eng" ;; \
      media) packages="tesseract-ocr tesseract-ocr-eng fonts-dejavu-core" ;; \
      *) packages="" ;; \
    esac \
 && if [ -n "$packages" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends $packages \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/bin/chromium \
    SERVICE=${SERVICE}
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /out/ ./
# The generation worker's listening language model is built from its procedures model and
# the general one pocketsphinx-en-us installed above (sphinx_lm_convert, from sphinxbase-utils).
RUN if [ "$SERVICE" = "generation" ]; then node services/generation/dist/speech-model/build-listening-model.js \
      && test -f services/generation/assets/listening-en-us.lm.bin; fi
WORKDIR /app/services/${SERVICE}
# The base image's `node` user, numerically so that Kubernetes' runAsNonRoot can verify it;
# the code stays owned by root, read-only to it.
USER 1000:1000
EXPOSE 8080 9464
# Migrations: `node dist/migrate.js` (auth, sop, media, billing), run by compose and the Helm hook.
CMD ["node", "dist/main.js"]
