// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/zipdirectory.h"

#include <QFile>
#include <QTest>
#include <QtEndian>

namespace {

QByteArray readData(const QString &relative)
{
    QFile f(QStringLiteral(PORTBENCH_TEST_DATA "/") + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The central-directory entry of the record whose name ends with `name`.
qsizetype entryOf(const QByteArray &zip, const QByteArray &name)
{
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0; at = zip.indexOf("PK\x01\x02", at + 4)) {
        const quint16 length = qFromLittleEndian<quint16>(zip.constData() + at + 28);
        if (zip.mid(at + 46, length).endsWith(name))
            return at;
    }
    return -1;
}

void put32(QByteArray &zip, qsizetype at, quint32 value)
{
    qToLittleEndian(value, zip.data() + at);
}

} // namespace

class TestZipDirectory : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realArchivesPass_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("bare tensor") << QStringLiteral("torch/bare_tensor.pt");
        QTest::newRow("state dict") << QStringLiteral("torch/state_dict.pt");
        QTest::newRow("nested") << QStringLiteral("torch/nested.pt");
    }
    void realArchivesPass()
    {
        QFETCH(QString, file);
        const QByteArray zip = readData(file);
        QVERIFY(zip.startsWith("PK\x03\x04"));
        QCOMPARE(ZipDirectory::sizeError(zip, 1 << 20), QString());
    }

    void fuzzFindingIsRefused()
    {
        // fuzz_torchpt: a 2 KB archive whose directory claims 0xffffffff bytes for a stored record;
        // libtorch allocated them before reading.
        const QByteArray zip = readData(QStringLiteral("fuzz/torchpt/record_claims_4_GiB_in_a_2_KB_archive.pt"));
        QVERIFY(!zip.isEmpty());
        const QString error = ZipDirectory::sizeError(zip, quint64(1) << 33);
        QVERIFY2(error.contains(QLatin1String("claims 4294967295")), qPrintable(error));
    }

    void eachImpossibleClaimIsNamed()
    {
        const QByteArray real = readData(QStringLiteral("torch/state_dict.pt"));
        const qsizetype entry = entryOf(real, "/data.pkl");
        QVERIFY(entry > 0);
        const quint32 stored = qFromLittleEndian<quint32>(real.constData() + entry + 20);

        QByteArray zip = real;
        put32(zip, entry + 24, stored + 1); // a stored record claiming one byte more
        QString error = ZipDirectory::sizeError(zip, 1 << 20);
        QVERIFY2(error.contains(QLatin1String("data.pkl")) && error.contains(QLatin1String("stored uncompressed")),
                 qPrintable(error));

        zip = real;
        put32(zip, entry + 20, quint32(real.size() + 1)); // more stored bytes than the archive has
        error = ZipDirectory::sizeError(zip, 1 << 20);
        QVERIFY2(error.contains(QLatin1String("stored bytes in an archive of")), qPrintable(error));

        zip = real;
        qToLittleEndian<quint16>(8, zip.data() + entry + 10); // deflated, expanding past 1032:1
        put32(zip, entry + 24, (stored + 1) * quint32(ZipDirectory::maxDeflateRatio));
        error = ZipDirectory::sizeError(zip, quint64(1) << 33);
        QVERIFY2(error.contains(QLatin1String("beyond what deflate")), qPrintable(error));

        error = ZipDirectory::sizeError(real, stored - 1); // a possible claim over the caller's limit
        QVERIFY2(error.contains(QLatin1String("over the limit of")), qPrintable(error));
    }

    void whatCannotBeWalkedIsLeftToMiniz()
    {
        QCOMPARE(ZipDirectory::sizeError(QByteArray("PK\x03\x04 not an archive"), 1), QString());
        QByteArray zip = readData(QStringLiteral("torch/state_dict.pt"));
        zip.chop(30); // the end record gone
        QCOMPARE(ZipDirectory::sizeError(zip, 1), QString());
    }
};

QTEST_GUILESS_MAIN(TestZipDirectory)
#include "tst_zipdirectory.moc"
