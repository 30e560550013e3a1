// dispatch-tidy CUDA shim: clang 16's CUDA wrapper includes this header,
// which CUDA 12 removed together with the texture-reference API. Texture
// objects (cudaTextureObject_t) still come from the toolkit's own headers.
#pragma once
