// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensordumpcomparer.h"
#include "core/sources/tensors/tensordumpreader.h"
#include "torchtensorio.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/torch/") + QLatin1String(name);
}

TensorData tensor(const QString &name, const QString &dtype, QVector<qint64> shape, std::vector<double> values)
{
    TensorData t;
    t.name = name;
    t.dtype = dtype;
    t.shape = std::move(shape);
    t.values = std::move(values);
    return t;
}

QStringList names(const TensorFile &file)
{
    QStringList n;
    for (const TensorData &t : file.tensors)
        n.append(t.name);
    return n;
}

} // namespace

class TestTorchTensorIo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void libtorchWrittenFilesRoundTrip()
    {
        QTemporaryDir dir;
        TensorFile original;
        original.tensors = {
            tensor(QStringLiteral("w"), QStringLiteral("float32"), {2, 3}, {1, 2, 3, 4, 5, 6.5}),
            tensor(QStringLiteral("h"), QStringLiteral("bfloat16"), {2}, {1.5, -0.25}),
            tensor(QStringLiteral("ids"), QStringLiteral("int64"), {3}, {7, 8, 9}),
            tensor(QStringLiteral("scalar"), QStringLiteral("float64"), {}, {0.1}),
        };
        const QString path = dir.filePath(QStringLiteral("a.pt"));
        QCOMPARE(TorchTensorIo::save(path, original), QString());
        const TensorFile loaded = TorchTensorIo::load(path);
        QVERIFY2(loaded, qPrintable(loaded.error));
        QCOMPARE(names(loaded), names(original));
        for (int i = 0; i < original.tensors.size(); ++i) {
            QCOMPARE(loaded.tensors.at(i).dtype, original.tensors.at(i).dtype);
            QCOMPARE(loaded.tensors.at(i).shape, original.tensors.at(i).shape);
            QCOMPARE(loaded.tensors.at(i).values, original.tensors.at(i).values);
        }
    }

    void libtorchFilesWithNaNFailTheComparison()
    {
        QTemporaryDir dir;
        TensorFile a, b;
        a.tensors = {tensor(QStringLiteral("x"), QStringLiteral("float32"), {3}, {1, 2, 3}),
                     tensor(QStringLiteral("y"), QStringLiteral("float32"), {3}, {1, 2, 3})};
        b.tensors = {tensor(QStringLiteral("x"), QStringLiteral("float32"), {3}, {1, 2, 3.0001}),
                     tensor(QStringLiteral("y"), QStringLiteral("float32"), {3}, {1, std::nan(""), 3})};
        QCOMPARE(TorchTensorIo::save(dir.filePath(QStringLiteral("a.pt")), a), QString());
        QCOMPARE(TorchTensorIo::save(dir.filePath(QStringLiteral("b.pt")), b), QString());
        const TensorDumpReader reader(TorchTensorIo::load);
        const TensorDumpReport report = TensorDumpComparer::compare(reader.read(dir.filePath(QStringLiteral("a.pt"))),
                                                                    reader.read(dir.filePath(QStringLiteral("b.pt"))));
        QCOMPARE(report.rows.size(), 2);
        QVERIFY(report.rows.at(0).passed);
        QVERIFY(!report.rows.at(1).passed);
        QCOMPARE(report.rows.at(1).candidateNan, 1);
        QCOMPARE(report.firstFailing(), 1);
    }

    void pythonWrittenFixture()
    {
        QFile expectedFile(fixture("expected.json"));
        QVERIFY(expectedFile.open(QIODevice::ReadOnly));
        const QJsonObject expected = QJsonDocument::fromJson(expectedFile.readAll()).object();

        const TensorFile file = TorchTensorIo::load(fixture("baseline.pt"));
        QVERIFY2(file, qPrintable(file.error));
        QCOMPARE(names(file),
                 (QStringList{QStringLiteral("embed.weight"), QStringLiteral("layer.0.out"),
                              QStringLiteral("layer.1.out"), QStringLiteral("logits"), QStringLiteral("step")}));
        QCOMPARE(file.tensors.at(0).shape, (QVector<qint64>{8, 4}));
        QCOMPARE(file.tensors.at(0).values.at(0), expected.value(QStringLiteral("embed.weight[0][0]")).toDouble());
        QCOMPARE(file.tensors.at(2).dtype, QStringLiteral("bfloat16"));
        QCOMPARE(file.tensors.at(2).values.at(5), expected.value(QStringLiteral("layer.1.out[1][2]")).toDouble());
        double sum = 0;
        for (double v : file.tensors.at(3).values)
            sum += v;
        QVERIFY(std::abs(sum - expected.value(QStringLiteral("logits.sum")).toDouble()) < 1e-12);
        QCOMPARE(file.tensors.at(4).dtype, QStringLiteral("int64"));
        QCOMPARE(file.tensors.at(4).values, (std::vector<double>{7, 8, 9}));
    }

    void pythonFixtureComparison()
    {
        const TensorDumpReader reader(TorchTensorIo::load);
        const TensorDumpReport report
            = TensorDumpComparer::compare(reader.read(fixture("baseline.pt")), reader.read(fixture("candidate.pt")));
        QCOMPARE(report.rows.size(), 5);
        QCOMPARE(report.failedCount(), 2);
        QCOMPARE(report.rows.at(report.firstFailing()).name, QStringLiteral("layer.0.out"));
        QCOMPARE(report.rows.at(report.firstFailing()).candidateNan, 1);
        QVERIFY(report.rows.at(0).passed); // 1e-5 noise
        QVERIFY(report.rows.at(2).passed); // bf16 against the same values in fp32
        QVERIFY(!report.rows.at(2).dtypeMatch);
        QVERIFY(!report.rows.at(3).passed); // negated logits
        QVERIFY(report.rows.at(3).cosine < -0.99);
        QCOMPARE(report.onlyInCandidate, QStringList{QStringLiteral("extra")});

        // The same tensors as safetensors (written from the spec by the fixture script) match exactly.
        const TensorDumpReport same = TensorDumpComparer::compare(reader.read(fixture("baseline.pt")),
                                                                  reader.read(fixture("baseline.safetensors")));
        QCOMPARE(same.rows.size(), 5);
        QVERIFY(same.passed());
        for (const TensorComparison &r : same.rows)
            QCOMPARE(r.maxAbsError, 0.0);
    }

    void stateDictsNestingAndBareTensors()
    {
        const TensorFile stateDict = TorchTensorIo::load(fixture("state_dict.pt"));
        QVERIFY2(stateDict, qPrintable(stateDict.error));
        QCOMPARE(names(stateDict),
                 (QStringList{QStringLiteral("0.weight"), QStringLiteral("0.bias"), QStringLiteral("1.weight"),
                              QStringLiteral("1.bias")}));
        const TensorFile nested = TorchTensorIo::load(fixture("nested.pt"));
        QVERIFY2(nested, qPrintable(nested.error));
        QCOMPARE(names(nested),
                 (QStringList{QStringLiteral("model.w"), QStringLiteral("hidden.0"), QStringLiteral("hidden.1")}));
        const TensorFile bare = TensorDumpReader(TorchTensorIo::load).read(fixture("bare_tensor.pt"));
        QVERIFY2(bare, qPrintable(bare.error));
        QCOMPARE(names(bare), QStringList{QStringLiteral("bare_tensor")});
        QCOMPARE(bare.tensors.at(0).shape, (QVector<qint64>{4, 5}));
    }

    void brokenFilesAreErrors_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("text") << QByteArray("hello world") << QStringLiteral("not a torch.save zip archive");
        QFile f(fixture("baseline.pt"));
        f.open(QIODevice::ReadOnly);
        QTest::newRow("truncated") << f.read(600) << QStringLiteral("cannot unpickle");
        // The hostile views: offset × itemsize must not wrap to offset 0, and one element
        // viewed as [1e9] with stride 0 must not be materialised (tests/data/fuzz/torchpt).
        for (const char *name : {"storage_offset_2pow62.pt", "stride0_expanded_1e9.pt"}) {
            QFile hostile(QStringLiteral(PORTBENCH_TEST_DATA "/fuzz/torchpt/") + QLatin1String(name));
            hostile.open(QIODevice::ReadOnly);
            QTest::newRow(name) << hostile.readAll()
                                << QString::fromLatin1(qstrcmp(name, "stride0_expanded_1e9.pt") == 0
                                                           ? "elements PortBench reads"
                                                           : "outside its storage");
        }
    }

    void brokenFilesAreErrors()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.pt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        const TensorFile file = TorchTensorIo::load(path);
        QVERIFY(!file);
        QVERIFY2(file.error.startsWith(path) && file.error.contains(message), qPrintable(file.error));
    }
};

QTEST_GUILESS_MAIN(TestTorchTensorIo)
#include "tst_torchtensorio.moc"
