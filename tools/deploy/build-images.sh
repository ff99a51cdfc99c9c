#!/usr/bin/env bash
# Builds Sopwright's container images with buildah (no Docker engine needed):
#   tools/deploy/build-images.sh [options] [image…]     (npm run images -- [options] [image…])
# image: gateway auth sop media billing generation export web (default: all eight), tagged
# sopwright/<image>:$TAG (podman lists them as localhost/sopwright/<image>:$TAG).
#
# Base images: node:20-bookworm-slim and nginxinc/nginx-unprivileged:1.27-bookworm are used
# when present or pullable; otherwise (or with --stand-ins) local STAND-INS are built from
# Debian's packages by tools/deploy/stand-ins/build-stand-ins.sh. They are not the official
# images (nginx is Debian's 1.22, not 1.27); images built on them are for trying things
# out on this machine, not for shipping.
#
# Options:
#   --ca-cert FILE   trust this extra CA certificate (PEM; repeatable) in the build stages,
#                    for networks that intercept TLS to the npm registry. The build stages
#                    start from a local copy of the Node image with the certificate; the
#                    shipped stages never contain it. Also EXTRA_CA_CERTS=file[:file…].
#   --stand-ins      do not try to pull the base images; build the stand-ins if missing
#   --rebuild-stand-ins  rebuild the stand-ins even if present
#   --no-cache       build without buildah's layer cache
#   --context DIR    build from DIR instead of the repository root (e.g. a clean
#                    `git archive HEAD` export while the working tree has edits in progress)
# Environment: TAG (dev), NODE_VERSION / NPM_VERSION (stand-in Node, 20.20.2 / 10.8.2),
# RESULTS (where the per-image times and sizes are written, default tmp/images/build.tsv).
# Installs buildah, podman and the tools they need with apt-get when run as root.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tools/deploy/podman-tools.sh
source "$repo_root/tools/deploy/podman-tools.sh"

all_images=(gateway auth sop media billing generation export web)
node_image="docker.io/library/node:20-bookworm-slim"
nginx_image="docker.io/nginxinc/nginx-unprivileged:1.27-bookworm"
tag="${TAG:-dev}"
results="${RESULTS:-$repo_root/tmp/images/build.tsv}"
ca_certs=()
stand_ins=0
rebuild_stand_ins=0
cache=(--layers)
context_dir="$repo_root"
images=()
IFS=: read -r -a env_certs <<<"${EXTRA_CA_CERTS:-}"
for cert in "${env_certs[@]}"; do [[ -n "$cert" ]] && ca_certs+=("$cert"); done

while (($# > 0)); do
  case "$1" in
    --ca-cert) ca_certs+=("$2"); shift 2 ;;
    --ca-cert=*) ca_certs+=("${1#*=}"); shift ;;
    --stand-ins) stand_ins=1; shift ;;
    --rebuild-stand-ins) stand_ins=1; rebuild_stand_ins=1; shift ;;
    --no-cache) cache=(--layers --no-cache); shift ;;
    --context) context_dir="$(cd "$2" && pwd)"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "build-images: unknown option $1" >&2; exit 2 ;;
    *)
      if [[ " ${all_images[*]} " != *" $1 "* ]]; then echo "build-images: unknown image '$1' (${all_images[*]})" >&2; exit 2; fi
      images+=("$1"); shift ;;
  esac
done
((${#images[@]} > 0)) || images=("${all_images[@]}")
for cert in "${ca_certs[@]}"; do [[ -r "$cert" ]] || { echo "build-images: cannot read CA certificate $cert" >&2; exit 2; }; done

ensure_podman_tools buildah podman debootstrap
cd "$context_dir"

# The base image `reference`, pulled or, failing that, built as a stand-in.
ensure_base() {
  local kind="$1" reference="$2"
  if ((rebuild_stand_ins)); then
    "$repo_root/tools/deploy/stand-ins/build-stand-ins.sh" "$kind" "$reference"
    return
  fi
  if podman image exists "$reference"; then
    # (stand-ins built before the label was split carry "true org.sopwright.stand-in.for=…")
    if [[ "$(podman image inspect --format '{{index .Labels "org.sopwright.stand-in"}}' "$reference")" == true* ]]; then
      echo "base $reference: the local STAND-IN (tools/deploy/stand-ins)"
    else
      echo "base $reference: present"
    fi
    return
  fi
  if ((!stand_ins)) && timeout 120 podman pull --quiet "$reference" >/dev/null 2>&1; then
    echo "base $reference: pulled"
    return
  fi
  echo "base $reference: cannot be pulled here; building a STAND-IN from Debian's packages"
  "$repo_root/tools/deploy/stand-ins/build-stand-ins.sh" "$kind" "$reference"
}

needs_node=0 needs_nginx=0
for image in "${images[@]}"; do
  needs_node=1
  [[ "$image" == web ]] && needs_nginx=1
done
((needs_node)) && ensure_base node "$node_image"
((needs_nginx)) && ensure_base nginx "$nginx_image"

# With extra CA certificates: a local copy of the Node image that trusts them, for the
# build stages only (npm reads NODE_EXTRA_CA_CERTS; apt uses plain HTTP mirrors).
build_node_image="$node_image"
if ((${#ca_certs[@]} > 0)); then
  context="$(mktemp -d "${TMPDIR:-/tmp}/sopwright-ca-XXXXXX")"
  cat "${ca_certs[@]}" >"$context/extra-ca.pem"
  printf '%s\n' "FROM $node_image" \
    "COPY extra-ca.pem /usr/local/share/sopwright-build-extra-ca.pem" \
    "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/sopwright-build-extra-ca.pem" >"$context/Containerfile"
  build_node_image="localhost/sopwright-build/node:20-bookworm-slim-extra-ca"
  buildah bud --quiet --isolation chroot --layers -f "$context/Containerfile" -t "$build_node_image" "$context" >/dev/null
  rm -rf "$context"
  echo "build stages: $build_node_image (trusts ${#ca_certs[@]} extra CA certificate file(s))"
fi

mkdir -p "$(dirname "$results")"
printf 'image\tseconds\tbytes\tstatus\n' >"$results"
failed=()
for image in "${images[@]}"; do
  log="$(dirname "$results")/build-$image.log"
  if [[ "$image" == web ]]; then
    args=(-f "$context_dir/docker/web.Dockerfile" --build-arg "NODE_IMAGE=$build_node_image" --build-arg "NGINX_IMAGE=$nginx_image")
  else
    args=(-f "$context_dir/docker/service.Dockerfile" --build-arg "SERVICE=$image" --build-arg "NODE_IMAGE=$node_image" --build-arg "NODE_BUILD_IMAGE=$build_node_image")
  fi
  printf '\n==> sopwright/%s:%s (log: %s)\n' "$image" "$tag" "${log#"$repo_root/"}"
  start=$SECONDS
  if buildah bud --isolation chroot "${cache[@]}" "${args[@]}" -t "sopwright/$image:$tag" . >"$log" 2>&1; then
    seconds=$((SECONDS - start))
    bytes="$(podman image inspect --format '{{.Size}}' "sopwright/$image:$tag")"
    printf '%s\t%s\t%s\tok\n' "$image" "$seconds" "$bytes" >>"$results"
    printf '    built in %ss, %s MB\n' "$seconds" "$((bytes / 1000000))"
  else
    seconds=$((SECONDS - start))
    printf '%s\t%s\t\tfailed\n' "$image" "$seconds" >>"$results"
    failed+=("$image")
    echo "    FAILED after ${seconds}s; the end of its log:" >&2
    tail -25 "$log" >&2
  fi
done

printf '\n%-12s %8s %9s\n' image seconds MB
tail -n +2 "$results" | while IFS=$'\t' read -r image seconds bytes status; do
  if [[ "$status" == ok ]]; then printf '%-12s %8s %9s\n' "$image" "$seconds" "$((bytes / 1000000))"; else printf '%-12s %8s %9s\n' "$image" "$seconds" FAILED; fi
done
printf '(also in %s)\n' "${results#"$repo_root/"}"
((${#failed[@]} == 0)) || { echo "build-images: failed: ${failed[*]}" >&2; exit 1; }
