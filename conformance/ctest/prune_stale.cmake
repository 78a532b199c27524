# Removes encoded files under ROOT that no longer have a textproto (a renamed or deleted case), so
# they cannot turn into phantom tests. usage: cmake -DROOT=dir -DKEEP=list-file -P prune_stale.cmake
cmake_minimum_required(VERSION 3.25)
file(STRINGS "${KEEP}" keep)
file(GLOB_RECURSE present "${ROOT}/*.onnx" "${ROOT}/*.pb")
foreach(file IN LISTS present)
  if(NOT file IN_LIST keep)
    message(STATUS "Removing stale ${file}")
    file(REMOVE "${file}")
  endif()
endforeach()
