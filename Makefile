# Jacobian build and test entry points. Every target works from a fresh clone.
GO      ?= go
MODULES := core integer matrix finitefield polynomial server cli conformance
BIN     := bin

.PHONY: build test test-modules test-race conformance bench lint test-mcp

build:
	$(GO) build -o $(BIN)/jacobian ./cli/cmd/jacobian

# Every module alone (GOWORK=off proves each go.mod is complete), then the
# packages with concurrency under the race detector.
test: test-modules test-race conformance

test-modules:
	@set -e; for m in $(MODULES); do \
		echo "== $$m"; (cd $$m && GOWORK=off $(GO) vet ./... && GOWORK=off $(GO) test ./...); \
	done

test-race:
	$(GO) test -race ./core/... ./server/...

conformance: build
	./$(BIN)/jacobian conformance

bench:
	@set -e; for m in $(MODULES); do \
		(cd $$m && $(GO) test -run '^$$' -bench . -benchtime 1x ./... >/dev/null); \
	done
	$(GO) test -run '^$$' -bench . ./core/... ./integer/... ./matrix/... ./finitefield/... ./polynomial/...

lint:
	@test -z "$$(gofmt -l $(MODULES))" || { gofmt -l $(MODULES); exit 1; }
	@for m in $(MODULES); do (cd $$m && $(GO) vet ./...) || exit 1; done
	$(GO) run honnef.co/go/tools/cmd/staticcheck@2025.1.1 $(addprefix ./,$(addsuffix /...,$(MODULES)))
