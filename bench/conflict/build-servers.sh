#!/usr/bin/env bash
# Builds the real kube-apiserver and etcd that the conflict harness starts
# through envtest, once, into the user cache directory, and prints that
# directory (use it as KUBEBUILDER_ASSETS). A later run finds the binaries and
# only prints the directory, so tests can call this every time.
#
# Both come from the Go module proxy through the go command: the servers/
# modules pin k8s.io/kubernetes (its staging modules replaced by their
# published releases) and go.etcd.io/etcd/server/v3. The directory name holds
# both versions, so changing a pin builds into a new directory.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
k8s_version=v1.34.2
etcd_version=v3.6.16

# os.UserCacheDir on Linux and macOS, so the Go side can find it too.
if [[ -n "${XDG_CACHE_HOME:-}" ]]; then
	cache="$XDG_CACHE_HOME"
elif [[ "$(uname)" == Darwin ]]; then
	cache="$HOME/Library/Caches"
else
	cache="$HOME/.cache"
fi
dir="${STATUSLINT_SERVERS_DIR:-$cache/statuslint/conflict-servers/kube-apiserver-$k8s_version-etcd-$etcd_version}"

if [[ -x "$dir/kube-apiserver" && -x "$dir/etcd" ]]; then
	echo "$dir"
	exit 0
fi

mkdir -p "$dir"
start=$(date +%s)

# Build into a temporary name and rename, so an interrupted build never leaves
# a binary that a later run would take for a finished one.
build() { # module-dir binary ldflags
	local tmp="$dir/.$2.tmp.$$"
	(cd "$here/servers/$1" && go build -trimpath -ldflags "$3" -o "$tmp" .) >&2
	mv "$tmp" "$dir/$2"
}

# The version stamp is what `kube-apiserver --version` and /version report;
# without it they say v0.0.0-master.
v="${k8s_version#v}"
major="${v%%.*}"
minor="${v#*.}"
minor="${minor%%.*}"
cv=k8s.io/component-base/version
build etcd etcd "-s -w"
build kube-apiserver kube-apiserver "-s -w -X $cv.gitVersion=$k8s_version -X $cv.gitMajor=$major -X $cv.gitMinor=$minor -X $cv.gitTreeState=clean"

echo "built kube-apiserver $k8s_version and etcd $etcd_version in $(($(date +%s) - start))s" >&2
echo "$dir"
