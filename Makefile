# pokerroom developer targets. `make help` lists them.
.PHONY: help run test race ci bench fmt vet

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-8s %s\n", $$1, $$2}'

run: ## run the console on ./pokerroom.db
	go run .

test: ## go test ./... (SQLite)
	go test ./...

race: ## go test -race ./... (bot/room takes minutes under -race: 30m, as CI)
	go test -race -timeout 30m ./...

ci: ## the full CI, with a throwaway PostgreSQL
	bash .ci/run

bench: ## ledger transfer benchmark on SQLite (and PostgreSQL if POKERROOM_TEST_POSTGRES is set)
	go test -run '^$$' -bench BenchmarkTransfer ./store/

fmt: ## gofmt -w every Go file
	gofmt -w $$(git ls-files '*.go')

vet: ## go vet ./...
	go vet ./...
