GO ?= go
BIN := bin/flowbench
DEMO_DIR ?= out/demo

.PHONY: build test bench demo lint clean

build:
	$(GO) build -o $(BIN) ./cmd/flowbench

test:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi

demo: build
	@mkdir -p $(DEMO_DIR)
	$(BIN) scene --style procthor --seed 7 --out $(DEMO_DIR)/house.json --plan $(DEMO_DIR)/plan.png
	@echo "demo output in $(DEMO_DIR)"

clean:
	rm -rf bin out
