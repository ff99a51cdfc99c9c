# shellcheck shell=bash
# Sourced by build-images.sh and smoke-images.sh.
# ensure_podman_tools CMD…: installs buildah, podman and what they need on this kind of
# machine (Debian bookworm, root, no Docker engine) when a command is missing.
ensure_podman_tools() {
  local missing=() tool
  for tool in "$@" runc fuse-overlayfs slirp4netns newuidmap; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  ((${#missing[@]} == 0)) && return 0
  if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "missing: ${missing[*]}; install buildah podman runc fuse-overlayfs slirp4netns uidmap debootstrap (Debian: apt-get install …)" >&2
    exit 1
  fi
  echo "installing buildah, podman and their tools with apt-get (missing: ${missing[*]})"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    buildah podman runc crun fuse-overlayfs slirp4netns uidmap debootstrap netavark aardvark-dns >/dev/null
}

# podman run options every container needs here: runc (crun fails on hybrid cgroups) and
# explicit ulimits (the defaults ask for more than a container without CAP_SYS_RESOURCE gets).
# Used by the scripts that source this file.
# shellcheck disable=SC2034
podman_run_options=(--runtime runc --ulimit nofile=16384:16384 --ulimit nproc=4096:4096)
