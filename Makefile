# Jacobian build and test entry points. Every target works from a fresh clone.
GO      ?= go
MODULES := core integer matrix finitefield polynomial server cli conformance
# Modules outside the workspace, tested on their own like a third party would.
EXAMPLES := examples/gaussian
BIN     := bin
# Empty: every domain cli/cmd/jacobian/domains.go installs.
DOMAINS ?=
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test test-modules test-race conformance test-mcp bench lint jacobian custom

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

bench:
	$(GO) test -run '^$$' -bench . ./core/... ./integer/... ./matrix/... ./finitefield/... ./polynomial/... ./server/...

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
