# shelf - a thin wrapper over CMake and CTest; build output goes to build/
# (and build-asan/ for the sanitizer run of the tests).

BUILD      ?= build
ASAN_BUILD ?= build-asan
CMAKE      ?= cmake
CTEST      ?= ctest
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
# Ninja, where it is installed, builds with two thirds of the CPU time of
# Makefiles (they start a cmake process for each file's dependencies and
# each line of progress). Exported, it also builds the trees that tests
# configure. CMake reads CMAKE_GENERATOR only for a new build directory, so
# one made before keeps its own generator.
ifneq ($(shell command -v ninja 2>/dev/null),)
export CMAKE_GENERATOR ?= Ninja
endif
# shelf-mpi (mpi/) is built wherever CMake finds MPI; its test skips
# elsewhere. CMake alone leaves it off (SHELF_MPI), as a library user wants.
MPI_FLAGS  ?= -DSHELF_MPI=ON
# libFuzzer needs clang; each target runs FUZZ_SECONDS seconds.
FUZZ_BUILD   ?= build-fuzz
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS  = fuzz_parse fuzz_engines fuzz_stream fuzz_svg fuzz_state fuzz_pieces

.PHONY: all run install check test test-release test-asan test-fuzz test-skipped debug \
	asan fuzz bench bench-verdict format clean web web-picture test-ports \
	test-windows

# The optimised build's configuration, which all, run and install share.
CONFIGURE = $(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  $(MPI_FLAGS) $(CMAKE_FLAGS)

all:
	$(CONFIGURE)
	$(CMAKE) --build $(BUILD) -j $(JOBS)

# The README's example, where taking the heavier end loses, played out.
# Only the command is built (libshelf and shelf): not the tests, the
# judge's hostile programs, the fuzz replays or the Python module, which
# make all builds.
run:
	$(CONFIGURE)
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target shelf_cli
	$(BUILD)/shelf 3 9 1 2
	$(BUILD)/shelf --moves --explain 3 9 1 2

# shelf into $(PREFIX)/bin (on PATH for most shells), its man page into
# $(PREFIX)/share/man/man1, and libshelf (both libraries, the headers, the
# pkg-config file and the CMake package) beside it, as cmake --install puts
# them (cmake/install.cmake); DESTDIR is honoured for packaging. Builds
# what the install rules name, and no test (shelf_installed: libshelf, the
# command and, where CMake found MPI, shelf-mpi).
PREFIX ?= /usr/local
install:
	$(CONFIGURE)
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target shelf_installed
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)
	@echo "shelf: installed as $(DESTDIR)$(PREFIX)/bin/shelf (man shelf)"

# The edit-build-test loop, a minute or two: the optimised build, then its
# unit tests, the replays of the fuzz corpora, the command's own tests and
# the checks of the sources (names, exports, header, manual). make test runs
# these and everything else, under the sanitizers too; CI runs make test.
QUICK_TESTS ?= ^(test_|fuzz_|cli$$|svg$$|interactive$$|portable_bytes$$|named_files$$|exports$$|header_calls$$|null_calls$$|docs_code$$|man3$$)
check: all
	$(CTEST) --test-dir $(BUILD) --output-on-failure -j $(JOBS) -R '$(QUICK_TESTS)'

# Every test in an optimised build; the sanitizer build, and every test
# again there (all but those labelled no-asan) under ASan and UBSan; the
# fuzz build, and each fuzz target briefly where clang is installed. Once
# the optimised build is done, the three steps run at the same time, each
# line marked with its step (tests/side_by_side.py): one CTest run alone
# leaves a core idle for much of its time, and the other steps' builds and
# tests fill it. Then what did not run and why. test-release, test-asan
# and test-fuzz run one step alone.
RELEASE_CTEST = $(CTEST) --test-dir $(BUILD) --output-on-failure -j $(JOBS)
ASAN_CTEST    = ASAN_OPTIONS=detect_leaks=1 $(CTEST) --test-dir $(ASAN_BUILD) \
                --output-on-failure -j $(JOBS) -LE no-asan
test: all
	@python3 tests/side_by_side.py "release=$(RELEASE_CTEST)" \
	  "asan=$(MAKE) --no-print-directory test-asan" \
	  "fuzz=$(MAKE) --no-print-directory test-fuzz"
	@$(MAKE) --no-print-directory test-skipped

test-release: all
	$(RELEASE_CTEST)

test-asan: asan
	$(ASAN_CTEST)

# Without clang the fuzz step is skipped, and says so (the replay of each
# fuzz target's corpus still runs in both CTest runs above).
FUZZ_SKIPPED = $(FUZZ_BUILD)/skipped.log
test-fuzz:
	@mkdir -p $(FUZZ_BUILD) && rm -f $(FUZZ_SKIPPED)
	@if command -v $(FUZZ_CC) >/dev/null 2>&1; then \
	  $(MAKE) fuzz FUZZ_SECONDS=5; \
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

# arm64 and s390x (big-endian), cross-built in build-<arch>/ with Debian's
# gcc-<arch>-linux-gnu and run under qemu-user (cmake/toolchain-*.cmake):
# the unit tests, the command-line tests, the replay of the fuzz corpora
# and the crossing of saved states and places. Then each machine writes its
# own states and places into build-ports-bytes/, beside those x86-64 wrote
# (tests/data/), and each loads all three. The other tests need what qemu
# or a cross build lacks (the judge execs target programs, the sanitizers,
# valgrind, Python's module, MPI, emscripten); native builds run them.
# PORTS_SKIP leaves tests out by a CTest regex: CI passes ^svg, the
# pictures' tests, which qemu makes the slowest and which depend on no
# byte order (test_svg and fuzz_svg still run).
PORTS       ?= aarch64 s390x
PORTS_TESTS ?= ^(test_|cli$$|fuzz_|portable_bytes$$|svg$$)
PORTS_SKIP  ?=
PORTS_BYTES  = build-ports-bytes
test-ports:
	@for a in $(PORTS); do \
	  command -v $$a-linux-gnu-gcc >/dev/null && command -v qemu-$$a >/dev/null \
	  || { echo "test-ports: needs gcc-$$a-linux-gnu and qemu-user"; exit 1; }; \
	done
	rm -rf $(PORTS_BYTES) && mkdir -p $(PORTS_BYTES)
	cp tests/data/*-x86_64.bin $(PORTS_BYTES)/
	for a in $(PORTS); do \
	  echo "== $$a: build" && \
	  $(CMAKE) -S . -B build-$$a -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-$$a.cmake \
	    -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null && \
	  $(CMAKE) --build build-$$a -j $(JOBS) && \
	  echo "== $$a: tests under qemu-$$a" && \
	  $(CTEST) --test-dir build-$$a --output-on-failure -j $(JOBS) \
	    -R '$(PORTS_TESTS)' $(if $(PORTS_SKIP),-E '$(PORTS_SKIP)') && \
	  qemu-$$a -L /usr/$$a-linux-gnu build-$$a/portable_bytes write $(PORTS_BYTES) \
	  || exit 1; \
	done
	for a in $(PORTS); do \
	  echo "== $$a: every machine's states and places" && \
	  qemu-$$a -L /usr/$$a-linux-gnu build-$$a/portable_bytes check $(PORTS_BYTES) \
	  || exit 1; \
	done

# 64-bit Windows, cross-built in build-windows/ with Debian's MinGW-w64
# (gcc-mingw-w64-x86-64: libshelf.a, libshelf.dll, shelf.exe) and run
# under wine (cmake/toolchain-mingw64.cmake): the unit tests, test_header_dll
# (every function through the DLL), the replay of the fuzz corpora,
# portable_bytes, the command-line tests (cli --windows, svg) and windows
# (tests/windows_test.py: CRLF, bytes, threads, --svg, the parts left out).
# Wine keeps its prefix in build-windows/wine, made by the first run (about
# half a minute); one wineserver is kept for the whole run, since each
# shelf.exe would otherwise start and stop its own (a speed-up only: if one
# is running already, -p fails and the tests use that one).
WINDOWS_BUILD ?= build-windows
WINDOWS_TESTS ?= ^(test_|cli$$|fuzz_|portable_bytes$$|svg$$|windows$$)
WINDOWS_SKIP  ?=
WINE_ENV       = WINEPREFIX=$(abspath $(WINDOWS_BUILD))/wine WINEDEBUG=-all
test-windows:
	@command -v x86_64-w64-mingw32-gcc >/dev/null && command -v wine >/dev/null \
	  || { echo "test-windows: needs gcc-mingw-w64-x86-64 and wine"; exit 1; }
	@echo "== windows: build"
# Makefiles, not Ninja, for this build: both fresh .ci/run runs after the
# move to Ninja had tests fail under wine, though neither generator failed
# in five runs here since. The failures look like wine's (below), which
# makes the generator an unlikely cause, but that is not known; kept to the
# setup CI has passed with.
	CMAKE_GENERATOR="Unix Makefiles" $(CMAKE) -S . -B $(WINDOWS_BUILD) \
	  -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-mingw64.cmake \
	  -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	$(CMAKE) --build $(WINDOWS_BUILD) -j $(JOBS)
	@echo "== windows: tests under wine"
	@mkdir -p $(WINDOWS_BUILD)/wine
	-$(WINE_ENV) wineserver -p
	$(WINE_ENV) wine $(WINDOWS_BUILD)/shelf.exe --version
# A test that fails is run once more (--repeat until-pass:2), its failure
# printed all the same: three runs of .ci/run had tests fail under wine,
# three times a run of shelf.exe with status 1 and no output at all, which
# shelf never does, and once with status 1 where 2 was due, its words not
# kept; each case passed when run again. A failure that repeats fails the
# run; one that passes when run again is printed, and .ci/run names it.
	$(WINE_ENV) $(CTEST) --test-dir $(WINDOWS_BUILD) --output-on-failure \
	  --repeat until-pass:2 \
	  -j $(JOBS) -R '$(WINDOWS_TESTS)' $(if $(WINDOWS_SKIP),-E '$(WINDOWS_SKIP)'); \
	  status=$$?; $(WINE_ENV) wineserver -k; exit $$status

debug:
	$(CMAKE) -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug $(CMAKE_FLAGS)
	$(CMAKE) --build build-debug -j $(JOBS)

# -g1: line tables and function names, no variables: what the sanitizers'
# reports read (each frame's file and line, inlined ones too). The build
# takes 50 CPU-s with it, 59 with -g.
asan:
	$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
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
	$(MAKE) -j $(JOBS) $(addprefix fuzz-run-,$(FUZZ_TARGETS))

# One target's run. The targets share nothing (each its own corpus copy,
# log and artifact prefix), so make fuzz runs JOBS of them at once. (Not
# .PHONY: make looks for no pattern rule for a phony target.)
fuzz-run-%:
	@mkdir -p $(FUZZ_BUILD)/corpus/$* && \
	cp fuzz/corpus/$*/* $(FUZZ_BUILD)/corpus/$*/ && \
	./$(FUZZ_BUILD)/fuzz/$* -max_total_time=$(FUZZ_SECONDS) \
	  -dict=fuzz/shelf.dict -timeout=10 -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_BUILD)/$*- $(FUZZ_BUILD)/corpus/$* \
	  > $(FUZZ_BUILD)/$*.log 2>&1 && \
	echo "$*, $(FUZZ_SECONDS) s: $$(grep '^Done' $(FUZZ_BUILD)/$*.log)" \
	|| { echo "$*: failed (all of it in $(FUZZ_BUILD)/$*.log)"; \
	     grep -E -A3 'FUZZ_ASSERT|ERROR:|runtime error|Test unit written' \
	       $(FUZZ_BUILD)/$*.log; exit 1; }

# shelf against the read-and-sum baseline and its peers, in build-bench/;
# rewrites docs/benchmarks.md and docs/benchmarks.svg. BENCH_FLAGS=--big
# adds the 10^8-wheel runs (1.4 GB of input in bench/out/).
BENCH_FLAGS ?=
bench:
	python3 bench/run.py $(BENCH_FLAGS)

# How long shelf check takes to its verdict (issue 43), quiet and with two
# CPU-bound loops beside it: the "Time to verdict" table of
# docs/benchmarks.md. 10 to 20 minutes.
bench-verdict: all
	python3 bench/verdict.py $(BUILD)/shelf --report docs/benchmarks.md

# The browser page: libshelf and web/wasm.c compiled by emscripten into one
# self-contained $(BUILD)/web/index.html (open it from disk or serve it).
web:
	sh web/build.sh $(BUILD)/web

# The README's picture of the page, docs/web.png, taken afresh (look at it).
web-picture: web
	node web/picture.js $(BUILD)

format:
	clang-format -i include/*.h src/*/*.[ch] cli/*.[ch] report/*.[ch] tests/*.[ch] mpi/*.c \
	  $(wildcard fuzz/*.c bench/*.c bench/peers/*.c examples/*.c web/*.c)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-debug $(FUZZ_BUILD) build-bench \
	  $(foreach a,$(PORTS),build-$(a)) $(PORTS_BYTES) $(WINDOWS_BUILD)
