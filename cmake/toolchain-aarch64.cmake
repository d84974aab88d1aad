# toolchain-aarch64.cmake - cross-build shelf for arm64 Linux with Debian's
# gcc-aarch64-linux-gnu, and run what it builds under qemu-user (`make
# test-ports`). On arm64 the x86-64 fast paths (inline assembly, SSE2,
# AVX2) are compiled out, so the portable C is what the tests exercise;
# arm64's plain char is unsigned, which x86-64 never shows.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(SHELF_CROSS_TRIPLE aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-cross.cmake)
