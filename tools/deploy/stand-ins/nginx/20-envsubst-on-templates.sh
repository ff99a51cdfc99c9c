#!/bin/sh
# Stand-in for the nginx image's template step: every /etc/nginx/templates/<name>.template
# is rendered to /etc/nginx/conf.d/<name> with envsubst, substituting only the variables
# that are set and whose names match NGINX_ENVSUBST_FILTER (all set variables without it),
# so nginx's own $variables survive.
set -e
template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
filter="${NGINX_ENVSUBST_FILTER:-}"
[ -d "$template_dir" ] || exit 0
if [ ! -w "$output_dir" ]; then
  echo "$0: $output_dir is not writable" >&2
  exit 1
fi
# envsubst's SHELL-FORMAT: the literal ${NAME} of each variable to substitute (as upstream's script).
# shellcheck disable=SC2016,SC2046
defined_envs=$(printf '${%s} ' $(env | cut -d= -f1 | grep -E "$filter" || true))
find "$template_dir" -follow -type f -name "*$suffix" -print | while read -r template; do
  relative="${template#"$template_dir/"}"
  output="$output_dir/${relative%"$suffix"}"
  mkdir -p "$(dirname "$output")"
  echo "$0: rendering $template to $output"
  envsubst "$defined_envs" < "$template" > "$output"
done
