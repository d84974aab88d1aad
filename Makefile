# shelf - a thin wrapper over CMake and CTest; build output goes to build/
# (and build-asan/ for the sanitizer run of the tests).

BUILD      ?= build
ASAN_BUILD ?= build-asan
CMAKE      ?= cmake
CTEST      ?= ctest
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
# shelf-mpi (mpi/) is built wherever CMake finds MPI; its test skips
# elsewhere. CMake alone leaves it off (SHELF_MPI), as a library user wants.
MPI_FLAGS  ?= -DSHELF_MPI=ON
# libFuzzer needs clang; each target runs FUZZ_SECONDS seconds.
FUZZ_BUILD   ?= build-fuzz
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS  = fuzz_parse fuzz_engines fuzz_stream fuzz_svg fuzz_state fuzz_pieces

.PHONY: all run test test-release test-asan test-fuzz test-skipped debug \
	asan fuzz bench format clean web web-picture

all:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(MPI_FLAGS) \
	  $(CMAKE_FLAGS)
	$(CMAKE) --build $(BUILD) -j $(JOBS)

# The README's example, where taking the heavier end loses, played out.
run: all
	./$(BUILD)/shelf 3 9 1 2
	./$(BUILD)/shelf --moves --explain 3 9 1 2

# Every test in an optimised build, then again (all but those labelled
# no-asan) under ASan and UBSan; then each fuzz target briefly, where clang
# is installed; then what did not run and why.
test: test-release test-asan test-fuzz test-skipped

test-release: all
	$(CTEST) --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-asan: asan
	ASAN_OPTIONS=detect_leaks=1 $(CTEST) --test-dir $(ASAN_BUILD) \
	  --output-on-failure -j $(JOBS) -LE no-asan

# Without clang the fuzz step is skipped, and says so (the replay of each
# fuzz target's corpus still runs in both CTest runs above).
FUZZ_SKIPPED = $(FUZZ_BUILD)/skipped.log
test-fuzz:
	@mkdir -p $(FUZZ_BUILD) && rm -f $(FUZZ_SKIPPED)
	@if command -v $(FUZZ_CC) >/dev/null 2>&1; then \
	  $(MAKE) fuzz FUZZ_SECONDS=20; \
	else \
	  echo "skipped: fuzzing ($(FUZZ_CC) not found; libFuzzer needs clang)" \
	    | tee $(FUZZ_SKIPPED); \
	fi

# The "skipped: <what> (<why>)" lines of the runs above (tests/skipped.py).
test-skipped:
	@python3 tests/skipped.py \
	  release=$(BUILD)/Testing/Temporary/LastTest.log \
	  asan=$(ASAN_BUILD)/Testing/Temporary/LastTest.log \
	  fuzz=$(FUZZ_SKIPPED)

debug:
	$(CMAKE) -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug $(CMAKE_FLAGS)
	$(CMAKE) --build build-debug -j $(JOBS)

asan:
	$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DSHELF_SANITIZE=ON $(MPI_FLAGS) $(CMAKE_FLAGS)
	$(CMAKE) --build $(ASAN_BUILD) -j $(JOBS)

# Each libFuzzer target for FUZZ_SECONDS seconds with the dictionary, on a
# copy of its seed corpus in $(FUZZ_BUILD)/corpus, so the committed corpus
# does not grow. A finding stops the run and is saved as
# $(FUZZ_BUILD)/<target>-crash-* (replay it with that target, or add it to
# fuzz/corpus/<target>/ as a regression test).
fuzz:
	$(CMAKE) -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=$(FUZZ_CC) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHELF_FUZZ=ON $(CMAKE_FLAGS)
	$(CMAKE) --build $(FUZZ_BUILD) -j $(JOBS) --target $(FUZZ_TARGETS)
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t && \
	  cp fuzz/corpus/$$t/* $(FUZZ_BUILD)/corpus/$$t/ && \
	  echo "$$t: $(FUZZ_SECONDS) s" && \
	  ./$(FUZZ_BUILD)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) \
	    -dict=fuzz/shelf.dict -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/$$t- $(FUZZ_BUILD)/corpus/$$t \
	    > $(FUZZ_BUILD)/$$t.log 2>&1 && \
	  grep '^Done' $(FUZZ_BUILD)/$$t.log \
	  || { grep -E -A3 'FUZZ_ASSERT|ERROR:|runtime error|Test unit written' \
	         $(FUZZ_BUILD)/$$t.log; exit 1; }; \
	done

# shelf against the read-and-sum baseline and its peers, in build-bench/;
# rewrites docs/benchmarks.md and docs/benchmarks.svg. BENCH_FLAGS=--big
# adds the 10^8-wheel runs (1.4 GB of input in bench/out/).
BENCH_FLAGS ?=
bench:
	python3 bench/run.py $(BENCH_FLAGS)

# The browser page: libshelf and web/wasm.c compiled by emscripten into one
# self-contained $(BUILD)/web/index.html (open it from disk or serve it).
web:
	sh web/build.sh $(BUILD)/web

# The README's picture of the page, docs/web.png, taken afresh (look at it).
web-picture: web
	node web/picture.js $(BUILD)

format:
	clang-format -i include/*.h src/*.[ch] cli/*.[ch] report/*.[ch] tests/*.[ch] mpi/*.c \
	  $(wildcard fuzz/*.c bench/*.c bench/peers/*.c examples/*.c web/*.c)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-debug $(FUZZ_BUILD) build-bench
