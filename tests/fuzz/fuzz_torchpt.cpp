// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// torch.save zip archives through libtorch's archive reader and PortBench's own pickle machine.
#include "fuzzinput.h"
#include "torchtensorio.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
// libtorch 1.13 leaks a few hundred bytes whenever it throws on a damaged archive, every frame in
// libtorch_cpu. Leak checking would stop each run on the first damaged input, and again at exit,
// under ctest and campaign.sh alike: off for this target only, built in so no caller must remember.
extern "C" const char *__asan_default_options()
{
    return "detect_leaks=0";
}
#endif
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    TorchTensorIo::loadBytes(fuzzBytes(data, size), QStringLiteral("fuzz.pt"));
    return 0;
}
