// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The Python tokenizer and the porting engine with the real CUDA → NPU rules of the Ascend plugin,
// on the text itself and as `port` runs on a file of it (issue 32: `port` was quadratic on a `for`
// without `in`, crashed writing an empty single-file port, and said "clean" with --dry-run and
// --check on what it could not read). The input is also written as a source, its last byte picking
// the shape (writeSource: a single .py, a single file of another suffix as the GUI may hand one
// over, a project folder, a folder whose only Python file is in a skipped virtualenv), then
// scanned, reported as --dry-run prints it (findings, JSON, CSV, diff, summary), written as a new
// tree (and refused a second time, the output not being empty), written in place, and the written
// tree checked as --check does (without python3: the compile step is reported, not run).
#include "fuzzinput.h"
#include "core/engines/porting/portchecker.h"
#include "core/engines/porting/portengine.h"
#include "core/engines/porting/portreport.h"
#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/portwriter.h"
#include "core/engines/porting/pythontokenizer.h"

#include <QDir>
#include <QFile>
#include <QStringDecoder>
#include <QTemporaryDir>

#include <cstdlib>

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        std::abort();
}

/// The source `port` is given, made of the input: a path to scan.
QString writeSource(const QDir &dir, int shape, const QByteArray &bytes)
{
    switch (shape % 4) {
    case 0: writeFile(dir.filePath(QStringLiteral("train.py")), bytes); return dir.filePath(QStringLiteral("train.py"));
    case 1:
        writeFile(dir.filePath(QStringLiteral("train.txt")), bytes);
        return dir.filePath(QStringLiteral("train.txt"));
    case 2:
        writeFile(dir.filePath(QStringLiteral("project/pkg/model.py")), bytes);
        writeFile(dir.filePath(QStringLiteral("project/README.md")), bytes.left(64));
        return dir.filePath(QStringLiteral("project"));
    default:
        writeFile(dir.filePath(QStringLiteral("project/.venv/lib/site.py")), bytes);
        writeFile(dir.filePath(QStringLiteral("project/.venv/pyvenv.cfg")), QByteArray());
        return dir.filePath(QStringLiteral("project"));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const PortRuleSet rules = [] {
        QFile f(QStringLiteral(PORTBENCH_SOURCE_DIR "/plugins/backend_ascend/portingrules.json"));
        if (!f.open(QIODevice::ReadOnly))
            std::abort();
        return PortRuleSet::fromJson(f.readAll(), QStringLiteral("cuda"), QStringLiteral("npu"));
    }();
    static const PortEngine engine(rules, Port::Options{false, true});
    static const PortEngine projectEngine(rules, Port::Options{});
    static QTemporaryDir scratch;

    const QByteArray bytes = fuzzBytes(data, size);
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    if (!decoder.hasError()) { // the scanner copies other files unchanged
        PythonTokenizer::tokenize(text);
        engine.portText(QStringLiteral("fuzz.py"), text);
    }

    QDir dir(scratch.filePath(QStringLiteral("run")));
    dir.removeRecursively();
    dir.mkpath(QStringLiteral("."));
    // The shape from the last byte: a source that ends its last line is a single .py.
    const QString source = writeSource(dir, size ? data[size - 1] ^ '\n' : 0, bytes);
    const bool single = !QFileInfo(source).isDir();
    const Port::Result result = PortScanner(single ? engine : projectEngine).scan(source);
    PortReport::toJson(result);
    PortReport::toCsv(result);
    PortReport::diff(result);
    PortReport::summaryText(result);

    const QString out = dir.filePath(single ? QStringLiteral("out.py") : QStringLiteral("out"));
    const PortWriter::Outcome written = PortWriter::writeTree(result, out, true);
    if (written && !single && !QDir(out).isEmpty() && PortWriter::writeTree(result, out, false))
        std::abort(); // a second port into the same non-empty folder needs --force
    PortWriter::writeInPlace(result);
    if (written)
        PortChecker(engine).check(written.output, QString());
    return 0;
}
