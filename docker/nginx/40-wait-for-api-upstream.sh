#!/bin/sh
# Run by the nginx image's entrypoint before nginx starts. nginx resolves the host of
# `proxy_pass ${API_UPSTREAM}` once, at start-up, and refuses to start when it does not
# resolve ("host not found in upstream"): with compose or podman the gateway's name only
# resolves once its container exists. Wait for it (API_UPSTREAM_WAIT_SECONDS, default 120)
# instead of exiting at once; after that, exit non-zero and let the restart policy retry.
set -eu
host=$(printf '%s' "${API_UPSTREAM:-}" | sed -E 's#^[a-zA-Z][a-zA-Z0-9+.-]*://##; s#^\[([^]]*)\].*$#\1#; s#[:/].*$##')
case "$host" in
  '' | *[!0-9.]*) ;;
  *) exit 0 ;; # an IPv4 address
esac
case "$host" in *:*) exit 0 ;; esac # an IPv6 address
[ -n "$host" ] || exit 0
limit="${API_UPSTREAM_WAIT_SECONDS:-120}"
waited=0
until getent hosts "$host" >/dev/null 2>&1; do
  if [ "$waited" -ge "$limit" ]; then
    echo "$0: API_UPSTREAM host '$host' did not resolve within ${limit}s" >&2
    exit 1
  fi
  [ "$waited" -eq 0 ] && echo "$0: waiting for API_UPSTREAM host '$host' to resolve"
  sleep 1
  waited=$((waited + 1))
done
