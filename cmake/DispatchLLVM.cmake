# Locates the LLVM/Clang release the checker is built against. The version is a
# cache setting so that moving to another LLVM is one -D flag, not an edit.
set(DISPATCH_LLVM_VERSION 16 CACHE STRING "Major version of the LLVM/Clang packages to build against")
set(DISPATCH_LLVM_ROOT "/usr/lib/llvm-${DISPATCH_LLVM_VERSION}" CACHE PATH "Install prefix of that LLVM")

# No version in the request: LLVM's and Clang's package version files accept
# only an exact or a full (major.minor.patch) match, so `find_package(Clang 19)`
# is rejected by 19.1.7. The search is confined to the requested prefix instead,
# and the major version checked here.
find_package(LLVM REQUIRED CONFIG
  PATHS "${DISPATCH_LLVM_ROOT}/lib/cmake/llvm" NO_DEFAULT_PATH)
find_package(Clang REQUIRED CONFIG
  PATHS "${DISPATCH_LLVM_ROOT}/lib/cmake/clang" NO_DEFAULT_PATH)
if(NOT LLVM_VERSION_MAJOR STREQUAL DISPATCH_LLVM_VERSION)
  message(FATAL_ERROR "dispatch-tidy: DISPATCH_LLVM_VERSION=${DISPATCH_LLVM_VERSION} but "
    "${DISPATCH_LLVM_ROOT} holds LLVM ${LLVM_PACKAGE_VERSION}")
endif()
message(STATUS "dispatch-tidy: LLVM ${LLVM_PACKAGE_VERSION} from ${DISPATCH_LLVM_ROOT}")

set(DISPATCH_CLANG_TIDY "${DISPATCH_LLVM_ROOT}/bin/clang-tidy" CACHE FILEPATH "clang-tidy that loads the plugin")
set(DISPATCH_CLANGXX "${DISPATCH_LLVM_ROOT}/bin/clang++" CACHE FILEPATH "clang++ of the same LLVM")
set(DISPATCH_FILECHECK "${DISPATCH_LLVM_ROOT}/bin/FileCheck" CACHE FILEPATH "FileCheck")
set(DISPATCH_LIT "${DISPATCH_LLVM_ROOT}/build/utils/lit/lit.py" CACHE FILEPATH "lit.py")
set(DISPATCH_CUDA_PATH "/usr/local/cuda" CACHE PATH "CUDA toolkit used when parsing .cu files")

# Flags shared by every target that includes Clang headers: LLVM's own
# include paths, no RTTI (the plugin lives inside clang-tidy), PIC so that the
# static libraries can be linked into the MODULE.
add_library(dispatch_llvm_flags INTERFACE)
target_include_directories(dispatch_llvm_flags SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
# dispatch/LLVMCompat.h: the API differences between the supported releases.
target_include_directories(dispatch_llvm_flags INTERFACE ${PROJECT_SOURCE_DIR}/checker/compat)
target_compile_definitions(dispatch_llvm_flags INTERFACE ${LLVM_DEFINITIONS}
  DISPATCH_LLVM_VERSION_MAJOR=${DISPATCH_LLVM_VERSION})
target_compile_options(dispatch_llvm_flags INTERFACE -fno-rtti -fPIC -Wall -Wextra -Wno-unused-parameter)
