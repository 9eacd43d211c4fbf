GO ?= go
BIN := bin/flowbench
DEMO_DIR ?= out/demo

.PHONY: build build-beam test test-long bench bench-fauxgl demo real-demo lint clean assets fuzz sheets real-plot

# -buildvcs=auto stamps the git revision that "flowbench version" prints,
# whatever GOFLAGS says (outside a checkout it stamps nothing).
build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/flowbench

# build-beam builds the Apache Beam launcher (docs/deploy.md), a separate
# binary so that flowbench does not carry the Beam SDK and its runners.
build-beam:
	$(GO) build -o bin/flowbench-beam ./cmd/flowbench-beam

# test is the quick tier (under 4 minutes on 2 idle cores): go test -short,
# under which the long end-to-end runs skip or shrink (docs/testing.md lists
# them). test-long runs every test at full size, the long tier included;
# .ci/run runs both.
test: lint
	$(GO) test -short -count=1 -timeout 30m ./...

test-long:
	$(GO) test -count=1 -timeout 60m ./...

# fuzz mutates a small Parquet shard under every dataset reader for a bounded
# time (FUZZTIME); the committed seed corpus in export/testdata/fuzz also runs
# in plain `go test`. About FUZZTIME + 5 s once the instrumented build is
# cached; the first, cold build of arrow-go with fuzzing instrumentation takes
# minutes, so `make test` does not call it.
# FuzzLoadHouse does the same for house JSON (every command that loads a
# house). FuzzProperties, FuzzOBJ and FuzzMTL do it for the furniture
# archives' catalogs, models and materials (docs/assets.md); FuzzParseTestCounts,
# FuzzParseMix and FuzzParsePart for the values generate parses itself.
# FuzzTFRecord and FuzzExample do it for RLDS episodes (real/rlds).
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzShard$$' -fuzztime $(FUZZTIME) ./export/
	$(GO) test -run '^$$' -fuzz '^FuzzManifest$$' -fuzztime $(FUZZTIME) ./export/
	$(GO) test -run '^$$' -fuzz '^FuzzLoadHouse$$' -fuzztime $(FUZZTIME) ./sim/
	$(GO) test -run '^$$' -fuzz '^FuzzProperties$$' -fuzztime $(FUZZTIME) ./assets/
	$(GO) test -run '^$$' -fuzz '^FuzzOBJ$$' -fuzztime $(FUZZTIME) ./assets/
	$(GO) test -run '^$$' -fuzz '^FuzzMTL$$' -fuzztime $(FUZZTIME) ./assets/
	$(GO) test -run '^$$' -fuzz '^FuzzParseTestCounts$$' -fuzztime $(FUZZTIME) ./planner/
	$(GO) test -run '^$$' -fuzz '^FuzzParseMix$$' -fuzztime $(FUZZTIME) ./planner/
	$(GO) test -run '^$$' -fuzz '^FuzzParsePart$$' -fuzztime $(FUZZTIME) ./pipeline/
	$(GO) test -run '^$$' -fuzz '^FuzzTFRecord$$' -fuzztime $(FUZZTIME) ./real/rlds/
	$(GO) test -run '^$$' -fuzz '^FuzzExample$$' -fuzztime $(FUZZTIME) ./real/rlds/

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# bench-fauxgl renders the same work with flowbench's flat configuration and
# with github.com/fogleman/fauxgl's solid-colour shader (procthor house seed
# 1 index 0, primitive shapes, 24 views at 800×800) and prints ms per frame
# for both and their ratio at 1 and 2 threads (issue 40). It is a module of
# its own (bench/fauxgl), so flowbench's module does not depend on fauxgl.
# About 25 s on 2 cores (7 rounds); FAUXGL_FLAGS passes flags (-rounds, -threads,
# -horizon, -cpuprofile). docs/performance.md has the measurements.
FAUXGL_FLAGS ?=
bench-fauxgl:
	cd bench/fauxgl && $(GO) run . $(FAUXGL_FLAGS)

lint:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi

# assets installs the Sweet Home 3D furniture libraries from Debian's packages
# (as root; otherwise it says so and flowbench draws primitive shapes).
assets:
	sh assets/install_debian.sh

demo: build assets
	@rm -rf $(DEMO_DIR)
	$(BIN) generate --split train --houses 3 --size 512 --seed 1 --out $(DEMO_DIR)
	$(BIN) validate $(DEMO_DIR)
	$(BIN) audit --physics $(DEMO_DIR)
	$(BIN) inspect $(DEMO_DIR) --out $(DEMO_DIR)/panel.png
	$(BIN) scene --style procthor --seed 1 --out $(DEMO_DIR)/house.json --plan $(DEMO_DIR)/plan.png
	-$(BIN) assets gallery --out $(DEMO_DIR)/gallery.png
	$(BIN) generate --family viewpoint --split train --houses 1 --size 256 --seed 1 --quiet --out $(DEMO_DIR)/viewpoint
	$(BIN) validate $(DEMO_DIR)/viewpoint
	$(BIN) inspect $(DEMO_DIR)/viewpoint --out $(DEMO_DIR)/viewpoint_panel.png
	@echo "demo dataset: $(DEMO_DIR) (data/questions/train-*.parquet, data/annotations/train-*.parquet, manifest.json, README.md)"
	@echo "inspect panel: $(DEMO_DIR)/panel.png; first house and floor plan: $(DEMO_DIR)/house.json, $(DEMO_DIR)/plan.png"
	@echo "furniture gallery (when the Sweet Home 3D libraries are installed): $(DEMO_DIR)/gallery.png"
	@echo "viewpoint family (camera orbits, withheld target views): $(DEMO_DIR)/viewpoint, panel $(DEMO_DIR)/viewpoint_panel.png"

# real-demo builds a small FlowBench-Real dataset from simulated pairs
# (docs/real.md): 300 tabletop pairs with the default estimator noise, a
# test split (B.6) and a training split of the other pairs (B.7), then
# validate, stats, an inspect panel, prompts and a score of the "always A"
# baseline, which shows score reading the dataset. About two minutes on 2
# cores with the furniture libraries (their models load once).
REAL_DEMO_DIR ?= out/real-demo
real-demo: build
	@rm -rf $(REAL_DEMO_DIR)
	$(BIN) real simulate --pairs 300 --seed 1 --noise default --out $(REAL_DEMO_DIR)/pairs
	$(BIN) real build $(REAL_DEMO_DIR)/pairs --split test --seed 1 --out $(REAL_DEMO_DIR)/dataset
	$(BIN) real build $(REAL_DEMO_DIR)/pairs --split train --seed 1 --out $(REAL_DEMO_DIR)/dataset
	$(BIN) validate $(REAL_DEMO_DIR)/dataset
	$(BIN) stats $(REAL_DEMO_DIR)/dataset
	$(BIN) inspect $(REAL_DEMO_DIR)/dataset --split test --out $(REAL_DEMO_DIR)/panel.png
	$(BIN) prompts $(REAL_DEMO_DIR)/dataset --split test --out $(REAL_DEMO_DIR)/prompts.jsonl
	sed -E 's/^\{"custom_id":"[^"]*","method":"[^"]*","url":"[^"]*","id":("[^"]*"),"split":"[^"]*","category":"[^"]*","mode":"[^"]*","shuffle":([0-9]+),.*/{"id":\1,"shuffle":\2,"response":"A"}/' $(REAL_DEMO_DIR)/prompts.jsonl > $(REAL_DEMO_DIR)/always-a.jsonl
	$(BIN) score $(REAL_DEMO_DIR)/dataset --split test --predictions $(REAL_DEMO_DIR)/always-a.jsonl
	@echo "Real demo: pairs $(REAL_DEMO_DIR)/pairs, dataset $(REAL_DEMO_DIR)/dataset, panel $(REAL_DEMO_DIR)/panel.png"

# real-plot regenerates docs/real-agreement.png and docs/real-agreement.md:
# real check on REAL_PAIRS simulated pairs per noise level (seed 1, all five
# levels), the agreement of the Real answers with exact geometry and the
# questions per pair, per category (docs/real.md). About 20 minutes on
# 2 cores at the default REAL_PAIRS.
REAL_PAIRS ?= 2000
real-plot:
	$(GO) run ./cmd/flowbench real check --pairs $(REAL_PAIRS) --seed 1 --noise none,low,default,medium,high --plot docs/real-agreement.png --markdown docs/real-agreement.md

# sheets regenerates the contact sheets committed under docs/sheets: 24
# random marked I0 images of a fresh test split and 24 of a fresh 20-house
# train split (512 px, seed 1), to look at before changing scenes, models,
# marks or images. About 4 minutes on 2 cores.
SHEETS_DIR ?= out/sheets
sheets: build assets
	@rm -rf $(SHEETS_DIR)
	$(BIN) generate --split test --size 512 --seed 1 --quiet --out $(SHEETS_DIR)/test
	$(BIN) generate --split train --houses 20 --size 512 --seed 1 --quiet --out $(SHEETS_DIR)/train
	@mkdir -p docs/sheets
	$(BIN) inspect $(SHEETS_DIR)/test --sheet 24 --split test --seed 1 --tile 160 --out docs/sheets/test_i0.png
	$(BIN) inspect $(SHEETS_DIR)/train --sheet 24 --split train --seed 1 --tile 160 --out docs/sheets/train_i0.png

clean:
	rm -rf bin out
