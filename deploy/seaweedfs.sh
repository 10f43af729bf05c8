#!/usr/bin/env bash
# Prints the path of a SeaweedFS `weed` binary at the pinned version,
# building it once into the cache (about 5 minutes and 230 MB on 2 cores).
# `go install` refuses the module because of its replace directives, so it
# is downloaded with `go mod download` and built inside a copy.
set -euo pipefail
VERSION=v0.0.0-20261109003541-7506e5f91cd6
cache="${JACOBIAN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/jacobian}/seaweedfs-$VERSION"
if [ -x "$cache/weed" ]; then
	echo "$cache/weed"
	exit 0
fi
echo "building SeaweedFS $VERSION into $cache (once)" >&2
src="$(GOFLAGS=-mod=mod go mod download -json "github.com/seaweedfs/seaweedfs@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$src" ] || { echo "go mod download gave no directory for seaweedfs@$VERSION" >&2; exit 1; }
work="$(mktemp -d)"
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cp -r "$src" "$work/src"
chmod -R u+w "$work/src"
(cd "$work/src" && go build -o "$work/weed" ./weed) >&2
mkdir -p "$cache"
mv "$work/weed" "$cache/weed"
echo "$cache/weed"
