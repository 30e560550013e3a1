// dispatch-tidy CUDA shim: see texture_fetch_functions.h beside this file.
#pragma once
