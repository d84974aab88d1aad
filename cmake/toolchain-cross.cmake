# toolchain-cross.cmake - what the Debian cross toolchains share, for the
# toolchain-<arch>.cmake files that include it after setting
# SHELF_CROSS_TRIPLE (aarch64-linux-gnu, s390x-linux-gnu).
#
# CTest runs every test program through CMAKE_CROSSCOMPILING_EMULATOR, and
# tests/CMakeLists.txt puts the same emulator before the shelf command for
# the Python-driven tests (no binfmt_misc is needed, so it works in a
# container). -L points qemu at the target's C library, which Debian's
# libc6-<arch>-cross installs under /usr/<triple>.
set(CMAKE_C_COMPILER ${SHELF_CROSS_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${SHELF_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

string(REGEX REPLACE "-.*" "" _shelf_qemu_arch ${SHELF_CROSS_TRIPLE})
find_program(SHELF_QEMU qemu-${_shelf_qemu_arch})
if(SHELF_QEMU)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${SHELF_QEMU} -L /usr/${SHELF_CROSS_TRIPLE})
endif()
