// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

QByteArray read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString source = QStringLiteral(PORTBENCH_SOURCE_DIR "/");

} // namespace

/// The project's licence, Apache-2.0, is stated the same way everywhere a user or a packager looks.
class TestLicence : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void licenceFileIsTheStandardText()
    {
        const QByteArray standard = read(QStringLiteral("/usr/share/common-licenses/Apache-2.0"));
        if (standard.isEmpty())
            QSKIP("/usr/share/common-licenses/Apache-2.0 not found (Debian package base-files)");
        QCOMPARE(read(source + QStringLiteral("LICENSE")), standard);
    }

    void packageCopyrightNamesIt()
    {
        const QString copyright = QString::fromUtf8(read(source + QStringLiteral("packaging/copyright")));
        // The `Files: *` paragraph, and a stand-alone paragraph giving the licence's terms.
        QVERIFY(QRegularExpression(QStringLiteral("Files: \\*\\nCopyright: [^\\n]+\\nLicense: Apache-2.0\\n"))
                    .match(copyright)
                    .hasMatch());
        QVERIFY(copyright.contains(QStringLiteral("\n\nLicense: Apache-2.0\n Licensed under the Apache License")));
        QVERIFY(copyright.contains(QStringLiteral("/usr/share/common-licenses/Apache-2.0")));
        QVERIFY(!copyright.contains(QStringLiteral("rights are\n reserved")));
    }

    /// Every C++ and CMake source says its licence in its first lines (REUSE/SPDX style), so a file
    /// copied out of the tree still carries it; test data (other people's files) is not ours to mark.
    void everySourceCarriesAnSpdxHeader()
    {
        int checked = 0;
        QStringList missing;
        for (const char *top : {"app", "core", "ui", "plugins", "torchlib", "tests", "bench"}) {
            QDirIterator it(source + QLatin1String(top),
                            {QStringLiteral("*.cpp"), QStringLiteral("*.h"), QStringLiteral("CMakeLists.txt"),
                             QStringLiteral("*.cmake")},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.startsWith(source + QStringLiteral("tests/data/")))
                    continue;
                QFile f(path);
                QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
                const QByteArray head = f.read(300);
                ++checked;
                if (!head.contains("SPDX-License-Identifier: Apache-2.0")
                    || !head.contains("SPDX-FileCopyrightText: 2026 PortBench developers"))
                    missing << path.mid(source.size());
            }
        }
        QVERIFY(checked > 500);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char(' '))));
    }

    void readmeAndMetadataSayIt()
    {
        for (const QString &readme : {QStringLiteral("README.md"), QStringLiteral("README.zh_CN.md")}) {
            const QByteArray text = read(source + readme);
            QVERIFY2(text.contains("Apache License") && text.contains("(LICENSE)"), qPrintable(readme));
        }
        QVERIFY(read(source + QStringLiteral("packaging/invalid.example.portbench.metainfo.xml"))
                    .contains("<project_license>Apache-2.0</project_license>"));
    }
};

QTEST_GUILESS_MAIN(TestLicence)
#include "tst_licence.moc"
