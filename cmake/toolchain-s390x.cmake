# toolchain-s390x.cmake - cross-build shelf for s390x Linux with Debian's
# gcc-s390x-linux-gnu, and run what it builds under qemu-user (`make
# test-ports`). s390x is big-endian: the machine that shows whether saved
# states and places really are the portable bytes shelf.h says, and that
# the scanner's little-endian word tricks are off where they must be.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(SHELF_CROSS_TRIPLE s390x-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-cross.cmake)
