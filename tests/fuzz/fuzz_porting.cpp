// The Python tokenizer and the porting engine with the real CUDA → NPU rules of the Ascend plugin.
#include "fuzzinput.h"
#include "porting/portengine.h"
#include "porting/portruleset.h"
#include "porting/pythontokenizer.h"

#include <QFile>
#include <QStringDecoder>

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const PortRuleSet rules = [] {
        QFile f(QStringLiteral(PORTBENCH_SOURCE_DIR "/plugins/backend_ascend/portingrules.json"));
        if (!f.open(QIODevice::ReadOnly))
            std::abort();
        return PortRuleSet::fromJson(f.readAll(), QStringLiteral("cuda"), QStringLiteral("npu"));
    }();
    static const PortEngine engine(rules, Port::Options{false, true});
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(fuzzBytes(data, size));
    if (decoder.hasError())
        return 0; // the scanner copies such files unchanged
    PythonTokenizer::tokenize(text);
    engine.portText(QStringLiteral("fuzz.py"), text);
    return 0;
}
