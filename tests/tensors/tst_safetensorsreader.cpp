// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/workflows/reference/torchmodule.h"
#include "core/sources/tensors/safetensorsreader.h"
#include "core/sources/tensors/tensordumpreader.h"

#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <cstring>

namespace {

QByteArray f32(std::initializer_list<float> values)
{
    QByteArray bytes;
    for (float v : values) {
        quint32 bits;
        std::memcpy(&bits, &v, sizeof bits);
        char le[4];
        qToLittleEndian(bits, le);
        bytes.append(le, 4);
    }
    return bytes;
}

QByteArray u16(std::initializer_list<quint16> values)
{
    QByteArray bytes;
    for (quint16 v : values) {
        char le[2];
        qToLittleEndian(v, le);
        bytes.append(le, 2);
    }
    return bytes;
}

QByteArray safetensors(const QByteArray &header, const QByteArray &data)
{
    char length[8];
    qToLittleEndian(quint64(header.size()), length);
    return QByteArray(length, 8) + header + data;
}

} // namespace

class TestSafetensorsReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsDtypesInDataOrder()
    {
        // "b" comes first in the data although JSON sorts "a" first: file order follows the offsets.
        const QByteArray data = f32({1.5f, -2.0f}) + u16({0x3f80, 0xc000}) + u16({0x3c00, 0x7c00});
        const QByteArray header = R"({"__metadata__":{"format":"pt"},)"
                                  R"("a":{"dtype":"BF16","shape":[2],"data_offsets":[8,12]},)"
                                  R"("b":{"dtype":"F32","shape":[1,2],"data_offsets":[0,8]},)"
                                  R"("c":{"dtype":"F16","shape":[2],"data_offsets":[12,16]}})";
        const TensorFile file = SafetensorsReader::read(safetensors(header, data), QStringLiteral("x.safetensors"));
        QVERIFY2(file, qPrintable(file.error));
        QCOMPARE(file.tensors.size(), 3);
        QCOMPARE(file.tensors.at(0).name, QStringLiteral("b"));
        QCOMPARE(file.tensors.at(0).dtype, QStringLiteral("float32"));
        QCOMPARE(file.tensors.at(0).shape, (QVector<qint64>{1, 2}));
        QCOMPARE(file.tensors.at(0).values, (std::vector<double>{1.5, -2.0}));
        QCOMPARE(file.tensors.at(1).dtype, QStringLiteral("bfloat16"));
        QCOMPARE(file.tensors.at(1).values, (std::vector<double>{1.0, -2.0}));
        QCOMPARE(file.tensors.at(2).values.at(0), 1.0);
        QVERIFY(std::isinf(file.tensors.at(2).values.at(1)));
    }

    void badInputNamesTheProblem_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("short") << QByteArray("abc") << QStringLiteral("too short");
        QTest::newRow("huge length") << safetensors("{}", {}).replace(0, 8, QByteArray(8, '\x7f'))
                                     << QStringLiteral("does not fit");
        QTest::newRow("not json") << safetensors("{nope", {}) << QStringLiteral("not a JSON object");
        QTest::newRow("unknown dtype") << safetensors(R"({"t":{"dtype":"C64","shape":[1],"data_offsets":[0,8]}})",
                                                      QByteArray(8, 0))
                                       << QStringLiteral("tensor 't': unsupported dtype 'C64'");
        QTest::newRow("offsets outside") << safetensors(R"({"t":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})",
                                                        QByteArray(8, 0))
                                         << QStringLiteral("tensor 't': data_offsets outside");
        QTest::newRow("shape vs bytes") << safetensors(R"({"t":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})",
                                                       QByteArray(8, 0))
                                        << QStringLiteral("shape [3] of float32 needs 12");
    }

    void badInputNamesTheProblem()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const TensorFile file = SafetensorsReader::read(bytes, QStringLiteral("bad.safetensors"));
        QVERIFY(!file);
        QVERIFY2(file.error.startsWith(QLatin1String("bad.safetensors: ")), qPrintable(file.error));
        QVERIFY2(file.error.contains(message), qPrintable(file.error));
    }

    void folderWithoutTorchReportsPtFilesAndReadsSafetensors()
    {
        QTemporaryDir dir;
        const QByteArray one = safetensors(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", f32({3.0f}));
        QDir(dir.path()).mkdir(QStringLiteral("sub"));
        for (const QString &name : {QStringLiteral("layer.10.safetensors"), QStringLiteral("layer.2.safetensors"),
                                    QStringLiteral("sub/x.safetensors")}) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(one);
        }
        // No libtorch: the CLI's and the GUI's loader, with no torch module where it looks for it.
        const QTemporaryDir noModules;
        qputenv("PORTBENCH_MODULE_PATH", QFile::encodeName(noModules.path()));
        const auto restore = qScopeGuard([] { qunsetenv("PORTBENCH_MODULE_PATH"); });
        const TensorDumpReader reader(TorchModule::tensorLoader());
        const TensorFile folder = reader.read(dir.path());
        QVERIFY2(folder, qPrintable(folder.error));
        QCOMPARE(folder.tensors.size(), 3);
        // Natural order: layer.2 before layer.10; a dict entry gets its file as prefix.
        QCOMPARE(folder.tensors.at(0).name, QStringLiteral("layer.2/w"));
        QCOMPARE(folder.tensors.at(1).name, QStringLiteral("layer.10/w"));
        QCOMPARE(folder.tensors.at(2).name, QStringLiteral("sub/x/w"));

        QFile pt(dir.filePath(QStringLiteral("model.pt")));
        QVERIFY(pt.open(QIODevice::WriteOnly));
        pt.write("PK\x03\x04 not really");
        pt.close();
        const TensorFile withPt = reader.read(dir.path());
        QVERIFY(!withPt);
        QVERIFY2(withPt.error.contains(QLatin1String("model.pt")) && withPt.error.contains(QLatin1String("libtorch")),
                 qPrintable(withPt.error));
        QVERIFY(!reader.read(dir.filePath(QStringLiteral("missing.pt"))));
        // Without a loader at all, the same file is refused with the same reason.
        const TensorFile noLoader = TensorDumpReader().read(pt.fileName());
        QVERIFY2(!noLoader && noLoader.error.contains(QLatin1String("libtorch")), qPrintable(noLoader.error));
    }
};

QTEST_GUILESS_MAIN(TestSafetensorsReader)
#include "tst_safetensorsreader.moc"
