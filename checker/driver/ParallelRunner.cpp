#include "ParallelRunner.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "dispatch/LLVMCompat.h"

#include <mutex>

namespace dispatch::driver {

std::vector<bool> runInParallel(size_t N, unsigned Jobs, const std::function<void(size_t)> &Work,
                                const std::function<void(size_t, bool)> &Done) {
  llvm::CrashRecoveryContext::Enable();
  std::vector<bool> Finished(N, false);
  std::mutex DoneLock;
  auto One = [&](size_t I) {
    llvm::CrashRecoveryContext CRC;
    bool Ok = CRC.RunSafely([&] { Work(I); });
    std::lock_guard<std::mutex> Guard(DoneLock);
    Finished[I] = Ok;
    if (Done)
      Done(I, Ok);
  };
  if (Jobs <= 1) {
    for (size_t I = 0; I < N; ++I)
      One(I);
  } else {
    compat::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < N; ++I)
      Pool.async([&, I] { One(I); });
    Pool.wait();
  }
  llvm::CrashRecoveryContext::Disable();
  return Finished;
}

} // namespace dispatch::driver
