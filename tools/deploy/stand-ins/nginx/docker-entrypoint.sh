#!/bin/sh
# Stand-in for nginxinc/nginx-unprivileged's entrypoint: before starting nginx, source the
# executable /docker-entrypoint.d/*.envsh and run the executable *.sh scripts, in order
# (e.g. 20-envsubst-on-templates.sh); any failure stops the container.
set -e
if [ "$1" = "nginx" ] || [ "$1" = "nginx-debug" ]; then
  for script in /docker-entrypoint.d/*; do
    [ -f "$script" ] || continue
    case "$script" in
      *.envsh)
        # shellcheck source=/dev/null # the image's own scripts, found at run time
        if [ -x "$script" ]; then echo "$0: sourcing $script"; . "$script"; fi ;;
      *.sh) if [ -x "$script" ]; then echo "$0: running $script"; "$script"; fi ;;
    esac
  done
  echo "$0: configuration complete; ready for start up"
fi
exec "$@"
