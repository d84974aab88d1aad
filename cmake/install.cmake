# install.cmake - what `cmake --install` puts where, for C users of libshelf:
# the shared library (SONAME from the major version), the static one, the
# header, a pkg-config file, a CMake package (targets shelf::shelf and
# shelf::shelf_static), the shelf command and its two man pages.
#
# Every version number here comes from PROJECT_VERSION, which the top-level
# CMakeLists.txt reads from include/shelf.h; nothing below writes one down.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Projects that pull shelf in with add_subdirectory() or FetchContent use the
# same names as those that find an installed copy.
add_library(shelf::shelf ALIAS shelf)
add_library(shelf::shelf_static ALIAS shelf_static)

option(SHELF_INSTALL "Generate the install rules" ${SHELF_TOP_LEVEL})
if(NOT SHELF_INSTALL)
  return()
endif()

set(SHELF_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/shelf)

# ==== Libraries, header and command ====

# Runtime: what a program linked against libshelf.so needs to run.
# Development: what it takes to build one.
install(TARGETS shelf shelf_static
  EXPORT shelfTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    COMPONENT Runtime
    NAMELINK_COMPONENT Development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    COMPONENT Development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
    COMPONENT Runtime
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# shelf.h is the core; the other headers (pieces, teaching facts, judge,
# pictures) are parts of the same library, each for its own audience. A
# SHELF_MINIMAL library has no judge and no pictures, so neither header,
# and no command.
set(_shelf_headers shelf.h shelf_pieces.h shelf_teach.h)
if(NOT SHELF_MINIMAL)
  list(APPEND _shelf_headers shelf_judge.h shelf_svg.h)
endif()
list(TRANSFORM _shelf_headers PREPEND ${PROJECT_SOURCE_DIR}/include/)
install(FILES ${_shelf_headers}
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT Development)
if(TARGET shelf_cli)
  install(TARGETS shelf_cli
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
    COMPONENT Runtime)
endif()

# ==== Man pages ====

if(TARGET shelf_cli)
  install(FILES ${PROJECT_SOURCE_DIR}/man/man1/shelf.1
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
    COMPONENT Runtime)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/man/man3/libshelf.3
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man3
  COMPONENT Development)

# ==== CMake package: find_package(shelf) ====

# The export set's files locate the installed libraries relative to
# themselves, so the package works from any prefix given at install time.
install(EXPORT shelfTargets
  NAMESPACE shelf::
  FILE shelfTargets.cmake
  DESTINATION ${SHELF_CMAKE_DIR}
  COMPONENT Development)
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/shelfConfig.cmake.in
  ${PROJECT_BINARY_DIR}/shelfConfig.cmake
  INSTALL_DESTINATION ${SHELF_CMAKE_DIR})
# Before 1.0 a minor release may change the API, and the SONAME names the
# minor version (libshelf.so.0.3); from 1.0 on, any release with the same major version
# will do.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_shelf_compat SameMinorVersion)
else()
  set(_shelf_compat SameMajorVersion)
endif()
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/shelfConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${_shelf_compat})
install(FILES
  ${PROJECT_BINARY_DIR}/shelfConfig.cmake
  ${PROJECT_BINARY_DIR}/shelfConfigVersion.cmake
  DESTINATION ${SHELF_CMAKE_DIR}
  COMPONENT Development)

# ==== pkg-config: shelf.pc ====

# The prefix is only known when installing (`cmake --install build --prefix
# P` overrides the one configured), so the file is made in two steps: now,
# everything but the prefix; at install time, the prefix actually used.
# file(INSTALL) honours DESTDIR and records the file in install_manifest.txt.
# Directories under the prefix are written through ${prefix}, so that
# `pkg-config --define-prefix` can relocate them.
foreach(_dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${_dir}}")
    set(SHELF_PC_${_dir} "${CMAKE_INSTALL_${_dir}}")
  else()
    set(SHELF_PC_${_dir} "\${prefix}/${CMAKE_INSTALL_${_dir}}")
  endif()
endforeach()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(_shelf_pc_dest "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
else()
  set(_shelf_pc_dest "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig")
endif()
set(SHELF_PC_NAME ${PROJECT_NAME})
set(SHELF_PC_DESCRIPTION "${PROJECT_DESCRIPTION}")
set(SHELF_PC_VERSION ${PROJECT_VERSION})
# libshelf.a's users link the threads library (-pthread; with glibc 2.34
# and later, nothing): shelf_read() starts threads.
set(SHELF_PC_LIBS_PRIVATE "${CMAKE_THREAD_LIBS_INIT}")
set(SHELF_PC_PREFIX "@SHELF_PC_PREFIX@") # kept for the second step
configure_file(${CMAKE_CURRENT_LIST_DIR}/shelf.pc.in
  ${PROJECT_BINARY_DIR}/pkgconfig/shelf.pc.in @ONLY)
install(CODE "
  set(SHELF_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${PROJECT_BINARY_DIR}/pkgconfig/shelf.pc.in\"
                 \"${PROJECT_BINARY_DIR}/pkgconfig/shelf.pc\" @ONLY)
  file(INSTALL DESTINATION \"${_shelf_pc_dest}\" TYPE FILE
       FILES \"${PROJECT_BINARY_DIR}/pkgconfig/shelf.pc\")
" COMPONENT Development)

# ==== What the rules install, built alone ====

# `make install` builds this, not everything: the libraries, the command
# and shelf-mpi where they were made, and no test. By target rather than by
# name on the command line, since with Ninja the name `shelf` is the
# command's file, not the library's target.
add_custom_target(shelf_installed)
add_dependencies(shelf_installed shelf shelf_static)
foreach(_shelf_program shelf_cli shelf_mpi)
  if(TARGET ${_shelf_program})
    add_dependencies(shelf_installed ${_shelf_program})
  endif()
endforeach()
