# toolchain-mingw64.cmake - cross-build shelf for 64-bit Windows with
# Debian's MinGW-w64 (gcc-mingw-w64-x86-64), and run what it builds under
# wine (`make test-windows`).
#
# Every program is linked statically (-static): shelf.exe, the tests and
# libshelf.dll carry libgcc and winpthreads inside, so that they run with no
# MinGW DLL beside them, as a user's download would.
#
# CTest runs every test program through CMAKE_CROSSCOMPILING_EMULATOR, and
# tests/CMakeLists.txt puts the same emulator before the shelf command for
# the Python-driven tests. Wine keeps its own prefix in the build directory
# (a root's ~/.wine would be shared with whatever else runs as root), and
# WINEDEBUG=-all keeps its own diagnostics out of the output the tests
# compare.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(SHELF_CROSS_TRIPLE x86_64-w64-mingw32)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-cross.cmake)
set(CMAKE_RC_COMPILER ${SHELF_CROSS_TRIPLE}-windres)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(CMAKE_SHARED_LINKER_FLAGS_INIT -static)

find_program(SHELF_WINE NAMES wine64 wine)
if(SHELF_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR env WINEPREFIX=${CMAKE_BINARY_DIR}/wine
      WINEDEBUG=-all ${SHELF_WINE})
endif()
