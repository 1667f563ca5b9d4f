// The MLflow file-store reader (MlflowRunReader::readRun) reads a folder, not bytes: the input is
// unpacked into a run folder first. Format: parts separated by "\n--- "; each part is a path
// relative to the run folder (its first line) and the file's contents (the rest). Paths keep only
// [A-Za-z0-9._-] components, no "..", at most 4 deep; a non-empty part before the first
// separator is metrics/loss. meta.yaml and metrics/ are always there, so every input reaches the
// metric reader.
// Seeds: tests/data/fuzz/mlflow/ (the run of tests/data/logs/mlflow packed this way).
#include "fuzzinput.h"
#include "mlflow/mlflowrunreader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

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

void writeFile(const QDir &run, const QByteArray &path, const QByteArray &contents)
{
    const QString name = QString::fromLatin1(path);
    run.mkpath(QFileInfo(run.filePath(name)).path());
    QFile f(run.filePath(name));
    if (f.open(QIODevice::WriteOnly))
        f.write(contents);
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
    for (int parts = 0; parts < 64; ++parts) {
        const qsizetype next = input.indexOf("\n--- ", from);
        const QByteArray contents = input.mid(from, next < 0 ? -1 : next - from);
        if (safePath(path) && (parts > 0 || !contents.isEmpty()))
            writeFile(run, path, contents);
        if (next < 0)
            break;
        const qsizetype eol = input.indexOf('\n', next + 5);
        path = input.mid(next + 5, eol < 0 ? -1 : eol - next - 5);
        if (eol < 0)
            break;
        from = eol + 1;
    }
    MlflowRunReader::readRun(run.path());
    return 0;
}
