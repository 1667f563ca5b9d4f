// torch.save zip archives through libtorch's archive reader and PortBench's own pickle machine.
#include "fuzzinput.h"
#include "torchtensorio.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    TorchTensorIo::loadBytes(fuzzBytes(data, size), QStringLiteral("fuzz.pt"));
    return 0;
}
