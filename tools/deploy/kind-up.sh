#!/usr/bin/env bash
# Runs Sopwright in a local kind cluster:
#   1. creates the cluster of k8s/kind-cluster.yaml (unless it exists),
#   2. builds the images (docker/service.Dockerfile per service, docker/web.Dockerfile),
#   3. loads them into the kind node (no registry),
#   4. installs ingress-nginx for kind and waits for it,
#   5. `helm upgrade --install` of helm/sopwright with k8s/kind-values.yaml, then `helm test`,
#   6. waits until http://localhost:8080/api/health answers (the node's port 80, mapped by
#      kind) and opens it in the browser (NO_OPEN=1 to skip).
#
# Needs on the PATH: docker (with BuildKit: Docker 23+), kind, kubectl, helm 3, curl.
# It downloads the ingress-nginx manifest for kind (INGRESS_NGINX_MANIFEST) and pulls
# postgres, redis, minio, node and nginx-unprivileged images from Docker Hub.
# Environment: CLUSTER (default sopwright), RELEASE (sopwright), NAMESPACE (sopwright),
# TAG (dev; must match image.tag in k8s/kind-values.yaml), SKIP_BUILD=1 to reuse images.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cluster="${CLUSTER:-sopwright}"
release="${RELEASE:-sopwright}"
namespace="${NAMESPACE:-sopwright}"
tag="${TAG:-dev}"
ingress_manifest="${INGRESS_NGINX_MANIFEST:-https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v1.12.1/deploy/static/provider/kind/deploy.yaml}"
services=(gateway auth sop media billing generation export)

log() { printf '\n==> %s\n' "$*"; }
# Waits until pods matching a selector exist, then until they are ready: `kubectl wait`
# alone fails at once ("no matching resources found") while they are still being created.
wait_for_pods() {
  local namespace="$1" selector="$2" timeout="$3"
  local deadline=$((SECONDS + timeout))
  until [[ -n "$(kubectl get pods --namespace "$namespace" --selector "$selector" -o name 2>/dev/null)" ]]; do
    if ((SECONDS >= deadline)); then
      echo "kind-up: no pod matching $selector in namespace $namespace after ${timeout}s" >&2
      exit 1
    fi
    sleep 2
  done
  kubectl wait --namespace "$namespace" --for=condition=ready pod --selector "$selector" --timeout="${timeout}s"
}
need() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "kind-up: '$tool' is not installed or not on PATH" >&2; exit 1; }
  done
}

need docker kind kubectl helm curl
cd "$repo_root"

if kind get clusters 2>/dev/null | grep -qx "$cluster"; then
  log "kind cluster '$cluster' exists"
else
  log "creating kind cluster '$cluster'"
  kind create cluster --name "$cluster" --config k8s/kind-cluster.yaml
fi
kubectl config use-context "kind-$cluster" >/dev/null

if [[ "${SKIP_BUILD:-}" != "1" ]]; then
  for service in "${services[@]}"; do
    log "building sopwright/$service:$tag"
    DOCKER_BUILDKIT=1 docker build -f docker/service.Dockerfile --build-arg "SERVICE=$service" -t "sopwright/$service:$tag" .
  done
  log "building sopwright/web:$tag"
  DOCKER_BUILDKIT=1 docker build -f docker/web.Dockerfile -t "sopwright/web:$tag" .
fi

log "loading images into kind"
images=()
for service in "${services[@]}" web; do images+=("sopwright/$service:$tag"); done
kind load docker-image --name "$cluster" "${images[@]}"

log "installing ingress-nginx (kind provider: runs on the node labelled ingress-ready=true)"
kubectl apply -f "$ingress_manifest"
# Its admission webhook must answer before the chart's Ingress can be created.
wait_for_pods ingress-nginx app.kubernetes.io/component=controller 180

log "installing the chart (release '$release', namespace '$namespace')"
# --wait: helm waits until the release's Deployments and StatefulSets are ready, then runs
# the post-install migration hooks (the services are ready without their tables: readiness
# is Postgres and Redis answering) and, as for every hook, waits until those Jobs complete;
# no flag is needed for that. --wait-for-jobs only concerns Jobs that are ordinary release
# resources (none in the chart today), so it is a guard for later ones. NetworkPolicies are
# on: kindnet enforces them in recent kind releases, and the ingress-nginx namespace is the
# one the chart lets in by default.
helm upgrade --install "$release" helm/sopwright \
  --namespace "$namespace" --create-namespace \
  -f k8s/kind-values.yaml --set "image.tag=$tag" \
  --wait --wait-for-jobs --timeout 10m

log "helm test (the gateway's /api/health and the web's /healthz from inside the namespace)"
helm test "$release" --namespace "$namespace" --logs --timeout 3m

url="http://localhost:8080"
log "waiting for $url/api/health (every service answering through the Ingress)"
for _ in $(seq 1 60); do
  if curl -fsS -o /dev/null "$url/api/health"; then break; fi
  sleep 2
done
curl -fsS -o /dev/null "$url/api/health" || { echo "kind-up: $url/api/health does not answer 200; see kubectl -n $namespace get pods" >&2; exit 1; }

log "Sopwright is running: $url"
if [[ "${NO_OPEN:-}" != "1" ]]; then
  if command -v xdg-open >/dev/null 2>&1; then xdg-open "$url" >/dev/null 2>&1 || true
  elif command -v open >/dev/null 2>&1; then open "$url" || true
  fi
fi
echo "  pods:      kubectl -n $namespace get pods"
echo "  logs:      kubectl -n $namespace logs deploy/$release-gateway"
echo "  uninstall: helm -n $namespace uninstall $release && kind delete cluster --name $cluster"
