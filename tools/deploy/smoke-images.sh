#!/usr/bin/env bash
# Smoke test of the eight images (npm run test:images), on demand, not part of `npm test`:
# starts every image with podman (no Docker engine) on a podman network of its own, each
# read-only with a tmpfs /tmp, every capability dropped, as its non-root user, against the
# Postgres, Redis and S3 store `npm start` uses (tools/stack, on loopback, relayed onto the
# network); runs each service's migrations from its image; drives the product through the web
# image's nginx (register, buy the Starter Pack in test mode, generate from text and from a
# short video, edit, export PDF and DOCX); then sends SIGTERM to every container and fails
# unless each exits 0 within 5 s. Build the images first: tools/deploy/build-images.sh.
# Environment: TAG (dev). Writes tmp/images/smoke.json.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tools/deploy/podman-tools.sh
source "$repo_root/tools/deploy/podman-tools.sh"
ensure_podman_tools podman
cd "$repo_root"

tag="${TAG:-dev}"
for image in gateway auth sop media billing generation export web; do
  podman image exists "localhost/sopwright/$image:$tag" || { echo "smoke-images: sopwright/$image:$tag is not built; run tools/deploy/build-images.sh" >&2; exit 1; }
done
# The stores come from tools/stack (embedded-postgres, Debian's redis-server, s3rver), the
# video from flite and ffmpeg: the same prerequisites as the system tests.
node tools/stack/bin/prerequisites.mjs test >/dev/null
if [[ ! -f tools/stack/dist/redis.js ]]; then
  npx nx run @sopwright/stack:build --output-style=static >/dev/null
fi
exec node tools/deploy/smoke/smoke.mjs
