# dispatch_nvcc: nvcc command lines translated to clang CUDA flags
# (NvccTranslation.h) from the rules table integrations/cuda/nvcc-rules.json,
# which is embedded into a generated header at configure time: no data file
# and no Python at run time. The same table drives nvcc_to_clang.py.
#
# Self-contained: include() it from any CMakeLists.txt once
# cmake/DispatchLLVM.cmake has run (dispatch_llvm_flags, Clang's targets).
include_guard(GLOBAL)

find_package(nlohmann_json 3 REQUIRED)

get_filename_component(DISPATCH_NVCC_RULES_JSON
  "${CMAKE_CURRENT_LIST_DIR}/../../integrations/cuda/nvcc-rules.json" ABSOLUTE)
get_filename_component(DISPATCH_NVCC_SHIMS_SOURCE_DIR
  "${CMAKE_CURRENT_LIST_DIR}/../../integrations/cuda/include" ABSOLUTE)
set(DISPATCH_NVCC_GENERATED_DIR "${CMAKE_CURRENT_BINARY_DIR}/dispatch_nvcc_generated")

# Editing the JSON re-runs CMake, which regenerates the header.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${DISPATCH_NVCC_RULES_JSON}")
file(READ "${DISPATCH_NVCC_RULES_JSON}" DISPATCH_NVCC_RULES_TEXT)
string(FIND "${DISPATCH_NVCC_RULES_TEXT}" ")nvccrules\"" DISPATCH_NVCC_RULES_DELIMITER)
if(NOT DISPATCH_NVCC_RULES_DELIMITER EQUAL -1)
  message(FATAL_ERROR "${DISPATCH_NVCC_RULES_JSON} contains the raw-string delimiter )nvccrules\"")
endif()
configure_file("${CMAKE_CURRENT_LIST_DIR}/NvccRulesJson.h.in"
  "${DISPATCH_NVCC_GENERATED_DIR}/NvccRulesJson.h" @ONLY)

add_library(dispatch_nvcc STATIC "${CMAKE_CURRENT_LIST_DIR}/NvccTranslation.cpp")
target_include_directories(dispatch_nvcc
  PUBLIC "${CMAKE_CURRENT_LIST_DIR}"
  PRIVATE "${DISPATCH_NVCC_GENERATED_DIR}")
target_compile_definitions(dispatch_nvcc PRIVATE
  DISPATCH_NVCC_SHIMS_SOURCE_DIR="${DISPATCH_NVCC_SHIMS_SOURCE_DIR}")
target_link_libraries(dispatch_nvcc
  PUBLIC dispatch_llvm_flags clangTooling
  PRIVATE nlohmann_json::nlohmann_json)
