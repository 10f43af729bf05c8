# Jacobian build and test entry points. Every target works from a fresh clone.
GO      ?= go
MODULES := core artifactstore integer matrix finitefield polynomial server cli conformance bench
# Modules outside the workspace, tested on their own like a third party would.
EXAMPLES := examples/gaussian
BIN     := bin
# Empty: every domain cli/cmd/jacobian/domains.go installs.
DOMAINS ?=
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test test-modules test-race conformance test-mcp test-hostile test-scale bench bench-peers bench-peers-deps lint jacobian custom

build:
	$(GO) build -o $(BIN)/jacobian ./cli/cmd/jacobian

# The whole suite: every module alone (GOWORK=off proves each go.mod is
# complete), the concurrent packages under the race detector, the
# conformance suite over the built binary, and the MCP end-to-end tests.
test: test-modules test-race conformance test-mcp

test-modules:
	@set -e; for m in $(MODULES) $(EXAMPLES); do \
		echo "== $$m"; (cd $$m && GOWORK=off $(GO) vet ./... && GOWORK=off $(GO) test ./...); \
	done

test-race:
	$(GO) test -race -short ./core/... ./server/... ./cli ./conformance/...

conformance: build
	./$(BIN)/jacobian conformance --failures

test-mcp:
	bash cli/mcptest/run.sh

# Mutations of every operation's examples through the CLI and one MCP stdio
# session (cli/mcptest/hostile_test.go): stable codes and paths, no internal
# error, every call within its deadline, peak RSS within bounds.
test-hostile: build
	cd cli && JACOBIAN_HOSTILE=1 JACOBIAN_BIN=$(CURDIR)/$(BIN)/jacobian $(GO) test -count=1 -v -timeout 30m -run 'TestHostileInputs' ./mcptest/

# Serving past one machine (cli/mcptest/scale_test.go): a SeaweedFS S3
# server (built once into the cache by deploy/seaweedfs.sh), the store
# conformance suite against it, three replicas sharing its bucket, a
# replica killed mid-publication, a corrupted object, stateless requests
# spread over replicas, sessions kept on their replica by HAProxy with
# deploy/haproxy.cfg, /readyz following the store, and the throughput of
# 10,000 mixed calls over three replicas against one.
test-scale: build
	@command -v haproxy >/dev/null 2>&1 || { sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
		echo "installing haproxy"; $$sudo apt-get update -q && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy >/dev/null; }
	cd cli && JACOBIAN_WEED="$$(../deploy/seaweedfs.sh)" JACOBIAN_BIN=$(CURDIR)/$(BIN)/jacobian $(GO) test -count=1 -v -timeout 20m -run 'TestScale' ./mcptest/

bench:
	$(GO) test -run '^$$' -bench . ./core/... ./integer/... ./matrix/... ./finitefield/... ./polynomial/... ./server/...

# Jacobian against PARI/GP, FLINT and SymPy on the same seeded inputs, one
# table (bench/peers); not part of test. Select cases by name: make bench-peers CASES=det
CASES ?=
bench-peers: bench-peers-deps
	cd bench && $(GO) run ./peers -cases '$(CASES)'

# gp, the FLINT headers, a C compiler and SymPy, installed with apt-get when
# missing.
bench-peers-deps:
	@missing=""; \
	command -v gp >/dev/null 2>&1 || missing="$$missing pari-gp"; \
	python3 -c 'import sympy' >/dev/null 2>&1 || missing="$$missing python3-sympy"; \
	test -f /usr/include/flint/flint.h || missing="$$missing libflint-dev libgmp-dev"; \
	command -v cc >/dev/null 2>&1 || missing="$$missing gcc libc6-dev"; \
	if [ -n "$$missing" ]; then \
		sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
		echo "installing$$missing"; \
		$$sudo apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing; \
	fi

lint:
	@out=$$(gofmt -l $(MODULES) examples); test -z "$$out" || { echo "gofmt would change:"; echo "$$out"; exit 1; }
	@set -e; for m in $(MODULES) $(EXAMPLES); do (cd $$m && GOWORK=off $(GO) vet ./...); done
	$(GO) run $(STATICCHECK) $(addprefix ./,$(addsuffix /...,$(MODULES)))
	cd examples/gaussian && GOWORK=off $(GO) run $(STATICCHECK) ./...

# The default distribution through the builder, or only chosen standard
# domains of it: make jacobian DOMAINS="integer matrix"
jacobian:
	$(GO) run ./cli/cmd/jacobian-build -quiet -default -domains "$(DOMAINS)" -root . -output $(BIN)/jacobian

# A binary from a manifest: make custom MANIFEST=examples/jacobian-gaussian.json
custom:
	$(GO) run ./cli/cmd/jacobian-build -quiet $(MANIFEST)
