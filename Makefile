# shelf - a thin wrapper over CMake and CTest; build output goes to build/
# (and build-asan/ for the sanitizer run of the tests).

BUILD      ?= build
ASAN_BUILD ?= build-asan
CMAKE      ?= cmake
CTEST      ?= ctest
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all run test test-release test-asan debug asan fuzz bench format clean

all:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	$(CMAKE) --build $(BUILD) -j $(JOBS)

# The seed's example where taking the heavier end loses, played out.
run: all
	./$(BUILD)/shelf 3 9 1 2
	./$(BUILD)/shelf --moves --explain 3 9 1 2

# Every test, twice: an optimised build, then ASan and UBSan.
test: test-release test-asan

test-release: all
	$(CTEST) --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-asan: asan
	ASAN_OPTIONS=detect_leaks=1 $(CTEST) --test-dir $(ASAN_BUILD) \
	  --output-on-failure -j $(JOBS) -LE no-asan

debug:
	$(CMAKE) -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug $(CMAKE_FLAGS)
	$(CMAKE) --build build-debug -j $(JOBS)

asan:
	$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DSHELF_SANITIZE=ON $(CMAKE_FLAGS)
	$(CMAKE) --build $(ASAN_BUILD) -j $(JOBS)

format:
	clang-format -i include/*.h src/*.[ch] cli/*.[ch] tests/*.[ch] \
	  $(wildcard fuzz/*.c bench/*.c bench/peers/*.c examples/*.c)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-debug build-fuzz build-bench
