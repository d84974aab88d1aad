# toolchain-cross.cmake - what the Debian cross toolchains share, for the
# toolchain-<arch>.cmake files that include it after setting
# CMAKE_SYSTEM_NAME and SHELF_CROSS_TRIPLE (aarch64-linux-gnu,
# s390x-linux-gnu, x86_64-w64-mingw32): the compiler, and where the
# target's libraries and headers are found.
#
# CTest runs every test program through CMAKE_CROSSCOMPILING_EMULATOR, and
# tests/CMakeLists.txt puts the same emulator before the shelf command for
# the Python-driven tests (no binfmt_misc is needed, so it works in a
# container). For a Linux target that is qemu-user: -L points it at the
# target's C library, which Debian's libc6-<arch>-cross installs under
# /usr/<triple>. Windows brings its own (toolchain-mingw64.cmake: wine).
set(CMAKE_C_COMPILER ${SHELF_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${SHELF_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  string(REGEX REPLACE "-.*" "" _shelf_qemu_arch ${SHELF_CROSS_TRIPLE})
  find_program(SHELF_QEMU qemu-${_shelf_qemu_arch})
  if(SHELF_QEMU)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${SHELF_QEMU} -L /usr/${SHELF_CROSS_TRIPLE})
  endif()
endif()
