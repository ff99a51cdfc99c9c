#!/bin/sh
# Stand-in for the official node image's entrypoint: arguments that are not a command
# (an option, or a script name that is not on the PATH) are given to node.
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "${1:-}" 2>/dev/null)" ]; then
  set -- node "$@"
fi
exec "$@"
