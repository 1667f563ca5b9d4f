// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The MLflow file-store reader (MlflowRunReader::readRun) reads a folder, not bytes: the input is
// unpacked into a run folder first. Format: parts separated by "\n--- "; each part is a path
// relative to the run folder (its first line) and the file's contents (the rest). Paths keep only
// [A-Za-z0-9._-] components, no "..", at most 4 deep; a non-empty part before the first
// separator is metrics/loss. meta.yaml and metrics/ are always there, so every input reaches the
// metric reader. A path line "PATH +N" also grows the file to N MiB (N at most 40, sparse: one
// line of zeros past the 16 MiB line limit, issue 32 item 10: metric lines and meta.yaml had no
// limit). The run is read by its absolute path and by a relative one, which must give the same
// metrics (issue 32 item 7: by a relative path the names were 'mlruns/0/<run>/metrics/loss').
// Seeds: tests/data/fuzz/mlflow/ (the run of tests/data/logs/mlflow packed this way, and long lines).
#include "fuzzinput.h"
#include "core/sources/logs/mlflow/mlflowrunreader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdlib>
#include <utility>

namespace {

bool safePath(const QByteArray &path)
{
    const QList<QByteArray> parts = path.split('/');
    if (parts.size() > 4)
        return false;
    for (const QByteArray &p : parts) {
        if (p.isEmpty() || p == "." || p == ".." || p.size() > 64)
            return false;
        for (char c : p) {
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                  || c == '-'))
                return false;
        }
    }
    return true;
}

void writeFile(const QDir &run, const QByteArray &path, const QByteArray &contents, qint64 size = 0)
{
    const QString name = QString::fromLatin1(path);
    run.mkpath(QFileInfo(run.filePath(name)).path());
    QFile f(run.filePath(name));
    if (f.open(QIODevice::WriteOnly) && f.write(contents) == contents.size() && size > contents.size())
        f.resize(size);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir scratch;
    QDir run(scratch.filePath(QStringLiteral("run")));
    run.removeRecursively();
    run.mkpath(QStringLiteral("metrics"));
    writeFile(run, "meta.yaml", "name: fuzz\n");
    const QByteArray input = fuzzBytes(data, size);
    qsizetype from = 0;
    QByteArray path = "metrics/loss";
    qint64 grownSize = 0;
    bool grown = false; // one long file per input: reading it costs time
    for (int parts = 0; parts < 64; ++parts) {
        const qsizetype next = input.indexOf("\n--- ", from);
        const QByteArray contents = input.mid(from, next < 0 ? -1 : next - from);
        if (safePath(path) && (parts > 0 || !contents.isEmpty()))
            writeFile(run, path, contents, std::exchange(grownSize, 0));
        if (next < 0)
            break;
        const qsizetype eol = input.indexOf('\n', next + 5);
        path = input.mid(next + 5, eol < 0 ? -1 : eol - next - 5);
        if (const qsizetype plus = path.indexOf(" +"); plus >= 0) {
            const int mib = path.mid(plus + 2).toInt();
            if (!grown && mib > 0 && mib <= 40) {
                grownSize = qint64(mib) << 20;
                grown = true;
            }
            path.truncate(plus);
        }
        if (eol < 0)
            break;
        from = eol + 1;
    }
    const ParseResult absolute = MlflowRunReader::readRun(run.path());
    const ParseResult relative = MlflowRunReader::readRun(QDir::current().relativeFilePath(run.path()));
    if (absolute.run.metricNames() != relative.run.metricNames()
        || absolute.run.pointCount() != relative.run.pointCount())
        std::abort();
    return 0;
}
