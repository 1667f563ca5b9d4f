// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The normal (g++) build's stand-in for libFuzzer: runs a fuzz target's entry point over every file
// of the folders and files given, so the seed corpora and the crash regressions in tests/data/fuzz/
// are replayed by ctest (label fuzz) without clang. A crash fails the test; so does an empty corpus.
#include "fuzzinput.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cstdio>

int main(int argc, char **argv)
{
    qint64 inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QFile::decodeName(argv[i]);
        QStringList files;
        if (QFileInfo(arg).isDir()) {
            QDirIterator it(arg, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                files << it.next();
        } else if (QFileInfo(arg).isFile()) {
            files << arg;
        }
        files.sort();
        for (const QString &file : std::as_const(files)) {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            // Seeds can be whole logs; the fuzz build caps inputs the same way (-max_len).
            const QByteArray bytes = f.read(1 << 20);
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size()));
            ++inputs;
        }
    }
    std::printf("replayed %lld inputs\n", static_cast<long long>(inputs));
    return inputs > 0 ? 0 : 1;
}
