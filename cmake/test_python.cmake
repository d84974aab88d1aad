# test_python.cmake - which Python builds the module and runs the tests.
#
# The first python3 on PATH is often not the one with the tests' modules: a
# pyenv or a venv comes first and lacks NumPy, while the system's Python has
# it; CMake would take the first, and the NumPy, notebook and widget tests
# would be skipped without a word at configure time. So every python3 on
# PATH (and /usr/bin's) is asked what it lacks of the tests' needs, and the
# one that lacks least is used, the first on PATH among equals. Python's
# development headers count most: without them no module is built and no
# Python test runs. -DPython3_EXECUTABLE=... still chooses; either way the
# choice, and what it lacks, is said here.

# What the tests import beside the standard library, and what each is for
# (the tests skip, and say so, where one is missing).
set(_shelf_py_needs numpy hypothesis ipywidgets nbconvert ipykernel mypy)
set(_shelf_py_probe [=[
import importlib.util, os, sys, sysconfig
needs = sys.argv[1:]
missing = [m for m in needs if importlib.util.find_spec(m) is None]
include = sysconfig.get_paths().get("include") or ""
if not os.path.exists(os.path.join(include, "Python.h")):
    missing.insert(0, "headers")
print("%s|%d.%d|%s" % (sys.executable, sys.version_info[0],
                       sys.version_info[1], ",".join(missing)))
]=])

# Sets <var>_exe, <var>_version and <var>_missing (a list) for python `py`;
# <var>_exe is empty when it does not run.
function(shelf_probe_python py var)
  execute_process(COMMAND ${py} -c "${_shelf_py_probe}" ${_shelf_py_needs}
                  OUTPUT_VARIABLE _out ERROR_QUIET RESULT_VARIABLE _rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE TIMEOUT 60)
  set(${var}_exe "" PARENT_SCOPE)
  if(_rc EQUAL 0 AND _out MATCHES "^([^|]+)\\|([^|]+)\\|(.*)$")
    set(${var}_exe "${CMAKE_MATCH_1}" PARENT_SCOPE)
    set(${var}_version "${CMAKE_MATCH_2}" PARENT_SCOPE)
    string(REPLACE "," ";" _missing "${CMAKE_MATCH_3}")
    set(${var}_missing "${_missing}" PARENT_SCOPE)
  endif()
endfunction()

if(NOT Python3_EXECUTABLE)
  set(_candidates "")
  if(CMAKE_HOST_WIN32)
    set(_path "$ENV{PATH}")
  else()
    string(REPLACE ":" ";" _path "$ENV{PATH}")
  endif()
  foreach(_dir IN LISTS _path ITEMS /usr/bin /usr/local/bin)
    if(_dir AND EXISTS "${_dir}/python3" AND NOT IS_DIRECTORY "${_dir}/python3")
      list(APPEND _candidates "${_dir}/python3")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _candidates)
  set(_best "")
  set(_best_cost 1000)
  foreach(_py IN LISTS _candidates)
    shelf_probe_python("${_py}" _p)
    if(NOT _p_exe)
      continue()
    endif()
    list(LENGTH _p_missing _cost)
    if("headers" IN_LIST _p_missing)
      math(EXPR _cost "${_cost} + 100")
    endif()
    if(_cost LESS _best_cost)
      set(_best "${_p_exe}")
      set(_best_cost ${_cost})
    endif()
  endforeach()
  if(_best)
    set(Python3_EXECUTABLE "${_best}" CACHE FILEPATH
        "The Python that builds the module and runs the tests")
  endif()
endif()

if(Python3_EXECUTABLE)
  shelf_probe_python("${Python3_EXECUTABLE}" _p)
  if(NOT _p_exe)
    message(STATUS "shelf: tests run with ${Python3_EXECUTABLE}, which did "
                   "not run here")
  elseif(_p_missing)
    list(TRANSFORM _p_missing REPLACE "^headers$" "development headers")
    list(JOIN _p_missing ", " _lacks)
    message(STATUS "shelf: tests run with ${_p_exe} (Python ${_p_version}), "
                   "which lacks ${_lacks}: the tests that need them skip "
                   "(choose another with -DPython3_EXECUTABLE=...)")
  else()
    message(STATUS "shelf: tests run with ${_p_exe} (Python ${_p_version}), "
                   "which has every module the tests use")
  endif()
endif()
