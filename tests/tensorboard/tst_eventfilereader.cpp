// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/logs/tensorboard/crc32c.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"
#include "core/sources/logs/tensorboard/tfeventdecoder.h"
#include "core/sources/logs/tensorboard/tfrecordscanner.h"
#include "tfeventwriter.h"

#include "core/base/model/metricnames.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

namespace {

QString testData(const QString &relative)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/logs/tensorboard/") + relative;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Steps 1..n, each with loss, lr and grad_norm as HF writes them (one event per tag).
QByteArray hfLikeFile(int firstStep, int n, double wall0, float lossBase = 5.0f)
{
    QByteArray out = TfEventWriter::fileVersion(wall0);
    for (int s = firstStep; s < firstStep + n; ++s) {
        const double wall = wall0 + s * 0.01;
        out += TfEventWriter::scalar(s, wall, QStringLiteral("train/loss"), lossBase - float(s) * 1e-3f);
        out += TfEventWriter::scalar(s, wall, QStringLiteral("train/grad_norm"), 1.0f + float(s % 7));
        out += TfEventWriter::scalar(s, wall, QStringLiteral("train/learning_rate"), float(s) * 1e-6f);
    }
    return out;
}

void compareRuns(const RunMetrics &a, const RunMetrics &b)
{
    QCOMPARE(a.pointCount(), b.pointCount());
    QCOMPARE(a.metricNames(), b.metricNames());
    QCOMPARE(a.segmentStarts(), b.segmentStarts());
    for (int p = 0; p < a.pointCount(); ++p) {
        QCOMPARE(a.step(p), b.step(p));
        QCOMPARE(a.wallTime(p), b.wallTime(p));
    }
    for (int c = 0; c < a.columnCount(); ++c) {
        QVERIFY(a.columnAt(c) == b.columnAt(b.columnIndex(a.metricNames().at(c))));
    }
}

} // namespace

class TestEventFileReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void crcKnownValue_data();
    void crcKnownValue();
    void crcPathsAgree_data();
    void crcPathsAgree();
    void hfTrainerRunsMatchTrainerState_data();
    void hfTrainerRunsMatchTrainerState();
    void detectsByContent();
    void tensorScalars_data();
    void tensorScalars();
    void damagedRecords_data();
    void damagedRecords();
    void hugeLengthIsNotAllocated();
    void parallelEqualsSequential_data();
    void parallelEqualsSequential();
    void restartedRunDirectory();
    void concurrentFilesAreSeparateRuns();
    void metricMapOverrides();
    void garbageNeverCrashes();
    void stepsBeyondTheLimitAreSkipped();
    void newTagOnEveryEventStopsAtTheNameLimit();
    void decoderRejectsMalformedPayloads();
};

void TestEventFileReader::crcKnownValue_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<quint32>("crc");
    // RFC 3720 (iSCSI) B.4 test vectors and the common check value.
    QTest::newRow("check") << QByteArray("123456789") << 0xe3069283u;
    QTest::newRow("32 zeros") << QByteArray(32, '\0') << 0x8a9136aau;
    QTest::newRow("32 ones") << QByteArray(32, '\xff') << 0x62a8ab43u;
    QTest::newRow("empty") << QByteArray() << 0x0u;
}

void TestEventFileReader::crcKnownValue()
{
    QFETCH(QByteArray, data);
    QFETCH(quint32, crc);
    QCOMPARE(Crc32c::computePortable(data.constData(), size_t(data.size())), crc);
    QCOMPARE(Crc32c::compute(data.constData(), size_t(data.size())), crc);
}

void TestEventFileReader::crcPathsAgree_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("misalign");
    for (int size : {1, 7, 8, 9, 15, 16, 63, 64, 1000, 65537})
        for (int misalign : {0, 1, 3})
            QTest::addRow("%d+%d", size, misalign) << size << misalign;
}

void TestEventFileReader::crcPathsAgree()
{
    QFETCH(int, size);
    QFETCH(int, misalign);
    if (!Crc32c::hasHardware())
        QSKIP("this CPU has no SSE4.2 crc32 instruction: only the table path runs here");
    QByteArray data(size + misalign, Qt::Uninitialized);
    QRandomGenerator rng(quint32(size * 31 + misalign));
    for (char &c : data)
        c = char(rng.bounded(256));
    const char *p = data.constData() + misalign;
    QCOMPARE(Crc32c::computeHardware(p, size_t(size)), Crc32c::computePortable(p, size_t(size)));
}

void TestEventFileReader::hfTrainerRunsMatchTrainerState_data()
{
    QTest::addColumn<QString>("run");
    QTest::newRow("cuda_fp32") << QStringLiteral("hf_h100/cuda_fp32");
    QTest::newRow("cuda_bf16") << QStringLiteral("hf_h100/cuda_bf16");
}

void TestEventFileReader::hfTrainerRunsMatchTrainerState()
{
    QFETCH(QString, run);
    const QDir runs(testData(run + QStringLiteral("/runs")));
    const QStringList dirs = runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCOMPARE(dirs.size(), 1);
    const QStringList files = EventFileReader::eventFilesIn(runs.filePath(dirs.first()));
    QCOMPARE(files.size(), 1);
    const QList<ParseResult> results = EventFileReader::readFiles(files, dirs.first());
    QCOMPARE(results.size(), 1);
    const ParseResult &r = results.first();
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.format, QStringLiteral("tensorboard"));
    QCOMPARE(r.skippedCount, 0);
    QCOMPARE(r.run.name, dirs.first());

    QFile stateFile(testData(run + QStringLiteral("/trainer_state.json")));
    QVERIFY(stateFile.open(QIODevice::ReadOnly));
    const QJsonArray history
        = QJsonDocument::fromJson(stateFile.readAll()).object().value(QStringLiteral("log_history")).toArray();
    QVERIFY(history.size() > 400);

    // TensorBoard stores float32 (simple_value); trainer_state.json holds the same numbers as
    // doubles. Every point must be the float32 of the double: equal at float precision, exactly.
    const QHash<QString, QString> keys = {{QStringLiteral("loss"), MetricNames::loss},
                                          {QStringLiteral("learning_rate"), MetricNames::learningRate},
                                          {QStringLiteral("grad_norm"), MetricNames::gradNorm},
                                          {QStringLiteral("eval_loss"), MetricNames::evalLoss}};
    QHash<QString, int> compared;
    QHash<qint64, int> pointOfStep;
    for (int p = 0; p < r.run.pointCount(); ++p) {
        QVERIFY2(!pointOfStep.contains(r.run.step(p)), "one point per step");
        pointOfStep.insert(r.run.step(p), p);
    }
    for (const QJsonValue &entry : history) {
        const QJsonObject o = entry.toObject();
        const qint64 step = o.value(QStringLiteral("step")).toInteger();
        for (auto it = keys.cbegin(); it != keys.cend(); ++it) {
            if (!o.contains(it.key()))
                continue;
            QVERIFY2(pointOfStep.contains(step), qPrintable(QStringLiteral("step %1 missing").arg(step)));
            const double got = r.run.value(pointOfStep.value(step), it.value());
            QVERIFY2(!RunMetrics::isMissing(got),
                     qPrintable(QStringLiteral("%1 at step %2 missing").arg(it.value()).arg(step)));
            QCOMPARE(float(got), float(o.value(it.key()).toDouble()));
            compared[it.value()]++;
        }
    }
    QCOMPARE(compared.value(MetricNames::loss), 400);
    QCOMPARE(compared.value(MetricNames::learningRate), 400);
    QCOMPARE(compared.value(MetricNames::gradNorm), 400);
    QCOMPARE(compared.value(MetricNames::evalLoss), 4);
    // Nothing else fills the compared columns (the end-of-training summary keeps its own names).
    for (const QString &m : {MetricNames::loss, MetricNames::learningRate, MetricNames::gradNorm}) {
        const MetricColumn *c = r.run.column(m);
        QVERIFY(c);
        QCOMPARE(c->valueCount(), 400);
    }
    QVERIFY(r.run.hasMetric(QStringLiteral("train/train_loss")));
    QVERIFY(r.run.hasMetric(MetricNames::epoch));
    QVERIFY(r.run.hasWallTime());
    QCOMPARE(r.run.segmentStarts().size(), 1);
    QCOMPARE(r.run.pointCount(), 400);
    // HF logs train/epoch again with each evaluation and at the end, same value: said, not a restart.
    QVERIFY(r.notes.join(u'\n').contains(
        QStringLiteral("5 value(s) logged again for a step that already had them (0 with a different value)")));
}

void TestEventFileReader::detectsByContent()
{
    QTemporaryDir dir;
    const QString renamed = dir.filePath(QStringLiteral("metrics.bin"));
    QVERIFY(writeFile(renamed, hfLikeFile(1, 3, 1e9)));
    QVERIFY(EventFileReader::isEventFile(renamed));
    const QString text = dir.filePath(QStringLiteral("events.out.tfevents.123.host"));
    QVERIFY(writeFile(text, "iteration 1 | lm loss: 2.0\n"));
    QVERIFY(!EventFileReader::isEventFile(text));
    QCOMPARE(EventFileReader::eventFilesIn(dir.path()), QStringList{renamed});
}

void TestEventFileReader::tensorScalars_data()
{
    QTest::addColumn<bool>("isDouble");
    QTest::addColumn<bool>("inContent");
    QTest::newRow("float tensor_content") << false << true;
    QTest::newRow("float float_val") << false << false;
    QTest::newRow("double tensor_content") << true << true;
    QTest::newRow("double double_val") << true << false;
}

void TestEventFileReader::tensorScalars()
{
    QFETCH(bool, isDouble);
    QFETCH(bool, inContent);
    const double value = 0.1234567890123;
    QByteArray file = TfEventWriter::fileVersion(1e9);
    file += TfEventWriter::text(0, 1e9, QStringLiteral("args/text_summary"), QStringLiteral("{\"seed\": 42}"));
    file += TfEventWriter::tensorScalar(7, 1e9 + 1, QStringLiteral("loss"), value, isDouble, inContent);
    const EventFileRead read = EventFileReader::readData(file, 1);
    QCOMPARE(read.scan.records, 3);
    QCOMPARE(read.otherValues, 1);
    QCOMPARE(read.run.pointCount(), 1);
    QCOMPARE(read.run.step(0), 7);
    QCOMPARE(read.run.value(0, QStringLiteral("loss")), isDouble ? value : double(float(value)));
}

void TestEventFileReader::damagedRecords_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<int>("expectedPoints");
    QTest::addColumn<bool>("incompleteTail");
    QTest::addColumn<int>("damaged");
    // 10 steps × 3 records after the file_version record; the 5th record is step 2's grad_norm.
    QTest::newRow("payload byte flipped") << QStringLiteral("payload") << 10 << false << 1;
    QTest::newRow("header byte flipped") << QStringLiteral("header") << 10 << false << 1;
    QTest::newRow("last record cut") << QStringLiteral("cut") << 10 << true << 0;
    QTest::newRow("torn record then more") << QStringLiteral("torn") << 10 << false << 1;
    // Checksums match but the payload is no Event: counted as damaged and named with its offset.
    QTest::newRow("whole record, not an Event") << QStringLiteral("notevent") << 10 << false << 1;
}

void TestEventFileReader::damagedRecords()
{
    QFETCH(QString, damage);
    QFETCH(int, expectedPoints);
    QFETCH(bool, incompleteTail);
    QFETCH(int, damaged);
    QByteArray file = hfLikeFile(1, 10, 1e9);
    // Offsets of every record, by walking the framing.
    QList<qint64> offsets;
    for (qint64 pos = 0; pos < file.size();) {
        offsets.append(pos);
        pos += 16 + qint64(TfRecordScanner::readU64(file.constData() + pos));
    }
    QCOMPARE(offsets.size(), 31);
    const qint64 target = offsets.at(5);
    if (damage == QLatin1String("payload")) {
        file[target + 14] = char(file[target + 14] ^ 0x40);
    } else if (damage == QLatin1String("header")) {
        file[target + 2] = char(file[target + 2] ^ 0x01);
    } else if (damage == QLatin1String("cut")) {
        file.chop(5);
    } else if (damage == QLatin1String("torn")) {
        // A writer died inside record 5; the next bytes are whole records again.
        file = file.left(target + 20) + file.mid(offsets.at(6));
    } else if (damage == QLatin1String("notevent")) {
        const QByteArray payload = file.mid(target + 12, offsets.at(6) - target - 16);
        file = file.left(target) + TfEventWriter::frame(payload.chopped(1)) + file.mid(offsets.at(6));
    }
    const EventFileRead read = EventFileReader::readData(file, 1);
    QCOMPARE(read.scan.incompleteTail, incompleteTail);
    QCOMPARE(read.scan.damaged, damaged);
    if (damaged > 0) {
        QVERIFY(!read.scan.issues.isEmpty());
        QCOMPARE(read.scan.issues.first().offset, target);
    }
    QCOMPARE(read.run.pointCount(), expectedPoints);
    // Only the damaged record's value is gone (or, cut at the end, the last grad... lr value).
    const qint64 values = read.scalars;
    QCOMPARE(values, qint64(30 - damaged - (incompleteTail ? 1 : 0)));
    if (damage == QLatin1String("payload") || damage == QLatin1String("torn") || damage == QLatin1String("notevent")) {
        QVERIFY(RunMetrics::isMissing(read.run.value(1, QStringLiteral("train/grad_norm"))));
        QVERIFY(!RunMetrics::isMissing(read.run.value(1, QStringLiteral("train/loss"))));
        QVERIFY(!RunMetrics::isMissing(read.run.value(1, QStringLiteral("train/learning_rate"))));
    }
    if (incompleteTail)
        QCOMPARE(read.scan.consumed, offsets.last());

    ParseResult r;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("events.out.tfevents.1.host"));
    QVERIFY(writeFile(path, file));
    r = EventFileReader::readFile(path);
    QVERIFY2(r, qPrintable(r.error));
    if (damaged > 0)
        QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("byte offset %1").arg(target)));
    if (incompleteTail)
        QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("not complete")));
}

void TestEventFileReader::hugeLengthIsNotAllocated()
{
    QByteArray header(8, '\0');
    const quint64 huge = quint64(1) << 60;
    for (int i = 0; i < 8; ++i)
        header[i] = char((huge >> (8 * i)) & 0xff);
    const quint32 crc = Crc32c::mask(Crc32c::compute(header.constData(), 8));
    for (int i = 0; i < 4; ++i)
        header.append(char((crc >> (8 * i)) & 0xff));
    const QByteArray file = hfLikeFile(1, 2, 1e9) + header + QByteArray(100, 'x');
    const EventFileRead read = EventFileReader::readData(file, 1);
    QVERIFY(read.scan.incompleteTail);
    QCOMPARE(read.run.pointCount(), 2);
}

void TestEventFileReader::parallelEqualsSequential_data()
{
    QTest::addColumn<int>("pieces");
    QTest::newRow("2") << 2;
    QTest::newRow("5") << 5;
}

void TestEventFileReader::parallelEqualsSequential()
{
    QFETCH(int, pieces);
    // > 8 MB so readData really cuts it; a restart in the middle and a damaged record near a cut.
    QByteArray file = hfLikeFile(1, 60000, 1e9);
    file += hfLikeFile(50000, 40000, 2e9, 4.0f);
    const qint64 mid = file.size() / pieces + 3;
    file[mid] = char(file[mid] ^ 0x10);
    const EventFileRead one = EventFileReader::readData(file, 1);
    const EventFileRead many = EventFileReader::readData(file, pieces);
    QVERIFY(file.size() > 8 * 1024 * 1024);
    QCOMPARE(one.scan.damaged, 1);
    QCOMPARE(many.scan.damaged, one.scan.damaged);
    QCOMPARE(many.scan.records, one.scan.records);
    QCOMPARE(many.scalars, one.scalars);
    QCOMPARE(many.stepBacks, one.stepBacks);
    QCOMPARE(many.relogged, one.relogged);
    QCOMPARE(one.run.segmentStarts().size(), 2);
    compareRuns(one.run, many.run);
}

void TestEventFileReader::restartedRunDirectory()
{
    QTemporaryDir dir;
    // The restarted process resumed from the checkpoint at step 80: steps 81..100 are logged twice.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run/events.out.tfevents.2000.host.2.0")),
                      hfLikeFile(81, 50, 2e9, 4.0f)));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run/events.out.tfevents.1000.host.1.0")), hfLikeFile(1, 100, 1e9)));
    const QStringList files = EventFileReader::eventFilesIn(dir.filePath(QStringLiteral("run")));
    QCOMPARE(files.size(), 2);
    const QList<ParseResult> results = EventFileReader::readFiles(files, QStringLiteral("run"));
    QCOMPARE(results.size(), 1);
    const ParseResult &r = results.first();
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.run.pointCount(), 150);
    QCOMPARE(r.run.segmentStarts(), (QVector<int>{0, 100}));
    QCOMPARE(r.run.step(99), 100);
    QCOMPARE(r.run.step(100), 81);
    QCOMPARE(float(r.run.value(100, MetricNames::loss)), 4.0f - 81e-3f);
    QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("restarted")));
    QCOMPARE(r.run.sourcePath, QFileInfo(files.first()).absolutePath());
}

void TestEventFileReader::concurrentFilesAreSeparateRuns()
{
    // Two ranks each with their own SummaryWriter in one folder: same steps, same time span.
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run/events.out.tfevents.1000.host.11.0")),
                      hfLikeFile(1, 50, 1e9, 3.0f)));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run/events.out.tfevents.1000.host.12.0")),
                      hfLikeFile(1, 50, 1e9 + 0.001, 4.0f)));
    const QList<ParseResult> results = EventFileReader::readFiles(
        EventFileReader::eventFilesIn(dir.filePath(QStringLiteral("run"))), QStringLiteral("run"));
    QCOMPARE(results.size(), 2);
    QCOMPARE(results.at(0).run.name, QStringLiteral("run [events.out.tfevents.1000.host.11.0]"));
    QCOMPARE(results.at(1).run.name, QStringLiteral("run [events.out.tfevents.1000.host.12.0]"));
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(results.at(i).run.pointCount(), 50);
        QCOMPARE(float(results.at(i).run.value(0, MetricNames::loss)), (i == 0 ? 3.0f : 4.0f) - 1e-3f);
    }
    QVERIFY(results.at(1).notes.join(u'\n').contains(QStringLiteral("not merged")));
}

void TestEventFileReader::metricMapOverrides()
{
    QByteArray file = TfEventWriter::fileVersion(1e9);
    file += TfEventWriter::scalar(1, 1e9, QStringLiteral("throughput"), 180.0f);
    file += TfEventWriter::scalar(1, 1e9, QStringLiteral("lm loss"), 2.5f);
    file += TfEventWriter::scalar(1, 1e9, QStringLiteral("lm loss vs samples"), 2.5f);
    file += TfEventWriter::scalar(1, 1e9, QStringLiteral("my/custom tag"), 1.0f);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("events.out.tfevents.1.host"));
    QVERIFY(writeFile(path, file));

    ParseResult r = EventFileReader::readFile(path);
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.run.metricNames(),
             (QStringList{MetricNames::tflopsPerDevice, MetricNames::lmLoss, QStringLiteral("my/custom_tag")}));
    QVERIFY(r.notes.join(u'\n').contains(QStringLiteral("vs samples")));

    ParseOptions options;
    QString error;
    options.metricMap
        = MetricMap::parse({QStringLiteral("throughput=tokens_per_s"), QStringLiteral("my/custom tag=mfu")}, &error);
    QVERIFY(error.isEmpty());
    r = EventFileReader::readFile(path, options);
    QCOMPARE(r.run.metricNames(), (QStringList{MetricNames::tokensPerSecond, MetricNames::lmLoss, MetricNames::mfu}));
    MetricMap::parse({QStringLiteral("nonsense")}, &error);
    QVERIFY(error.contains(QStringLiteral("nonsense")));
}

// The step limit of every reader (docs/limits.md): an event at step 2^63-1 gave `chart --offset 1=10`
// x = -9.22e18. Such events are skipped, and the notes name the first with its byte offset.
void TestEventFileReader::stepsBeyondTheLimitAreSkipped()
{
    QByteArray file = TfEventWriter::fileVersion(1e9);
    file += TfEventWriter::scalar(1, 1e9 + 1, QStringLiteral("train/loss"), 2.5f);
    const qint64 offset = file.size();
    file += TfEventWriter::scalar(Q_INT64_C(1000000000000001), 1e9 + 2, QStringLiteral("train/loss"), 2.4f);
    file += TfEventWriter::scalar(std::numeric_limits<qint64>::min() + 1, 1e9 + 3, QStringLiteral("train/loss"), 2.3f);
    file += TfEventWriter::scalar(Q_INT64_C(1000000000000000), 1e9 + 4, QStringLiteral("train/loss"), 2.25f);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("events.out.tfevents.1"));
    QVERIFY(writeFile(path, file));
    const ParseResult r = EventFileReader::readFile(path);
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(r.run.steps(), (std::vector<qint64>{1, Q_INT64_C(1000000000000000)}));
    QCOMPARE(r.run.value(1, MetricNames::loss), 2.25);
    const QString notes = r.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("%1: 2 event(s) with a step beyond ±10^15 skipped (first: step "
                                           "1000000000000001 at byte offset %2")
                                .arg(path)
                                .arg(offset)),
             qPrintable(notes));
}

// The issue's TensorBoard file with a new tag on every event: read on one core or several, the
// first RunMetrics::maxMetricNames tags are read, the values of the others left out and counted.
void TestEventFileReader::newTagOnEveryEventStopsAtTheNameLimit()
{
    constexpr int newTags = 20000;
    QByteArray file = TfEventWriter::fileVersion(1e9);
    for (int s = 1; s <= 200000; ++s) {
        const QString tag = s <= newTags ? QStringLiteral("t%1").arg(s) : QStringLiteral("train/loss");
        file += TfEventWriter::scalar(s, 1e9 + s, tag, float(s));
    }
    QVERIFY(file.size() > 8 * 1024 * 1024); // so that readData really cuts it
    const EventFileRead one = EventFileReader::readData(file, 1);
    QCOMPARE(one.run.columnCount(), RunMetrics::maxMetricNames);
    QCOMPARE(one.overNameLimit, 200000 - RunMetrics::maxMetricNames);
    QCOMPARE(one.run.value(4999, QStringLiteral("t5000")), 5000.0);
    QVERIFY(RunMetrics::isMissing(one.run.value(5000, QStringLiteral("t5000"))));
    QVERIFY2(one.run.storageBytes() < 8u * 1024 * 1024, qPrintable(QString::number(one.run.storageBytes())));
    const EventFileRead many = EventFileReader::readData(file, 4);
    QCOMPARE(many.overNameLimit, one.overNameLimit);
    QCOMPARE(many.run.metricNames(), one.run.metricNames());
    QCOMPARE(many.run.steps(), one.run.steps());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("events.out.tfevents.1"));
    QVERIFY(writeFile(path, file));
    const ParseResult r = EventFileReader::readFile(path);
    QVERIFY(r.notes.join(QLatin1Char('\n'))
                .contains(QStringLiteral("%1: 190000 value(s) of tags beyond the limit of 10000 metric names per run")
                              .arg(path)));
}

void TestEventFileReader::garbageNeverCrashes()
{
    // Random bytes, and a real file with random bytes written over parts of it: the reader
    // must skip what it cannot read and keep every record it can.
    const QByteArray good = hfLikeFile(1, 200, 1e9);
    QRandomGenerator rng(1234);
    for (int round = 0; round < 200; ++round) {
        QByteArray file = good;
        const int hits = 1 + int(rng.bounded(4));
        for (int h = 0; h < hits; ++h) {
            const int at = int(rng.bounded(file.size()));
            const int len = 1 + int(rng.bounded(40));
            for (int i = at; i < qMin<int>(file.size(), at + len); ++i)
                file[i] = char(rng.bounded(256));
        }
        const EventFileRead read = EventFileReader::readData(file, 1 + round % 3);
        QVERIFY(read.scan.records <= 601);
        QVERIFY(read.scan.consumed <= file.size());
        QVERIFY(read.scan.records > 0);
    }
    QByteArray noise(4096, Qt::Uninitialized);
    for (char &c : noise)
        c = char(rng.bounded(256));
    const EventFileRead read = EventFileReader::readData(noise, 1);
    QCOMPARE(read.scan.records, 0);
}

void TestEventFileReader::decoderRejectsMalformedPayloads()
{
    // Payloads whose checksums match but whose protobuf is cut or scrambled (a buggy writer):
    // never a crash, never a value read from outside the record.
    const QByteArray framed = TfEventWriter::tensorScalar(5, 1e9, QStringLiteral("train/loss"), 1.5, true, true)
        + TfEventWriter::scalar(6, 1e9, QStringLiteral("eval/loss"), 2.5f);
    const qint64 first = 16 + qint64(TfRecordScanner::readU64(framed.constData()));
    for (const QByteArray &record : {framed.left(first), framed.mid(first)}) {
        const QByteArray payload = record.mid(12, record.size() - 16);
        TfEvent event;
        QVERIFY(TfEventDecoder::decode(payload, event));
        QCOMPARE(int(event.scalars.size()), 1);
        // Cut inside the last field: invalid.
        QVERIFY(!TfEventDecoder::decode(QByteArrayView(payload).first(payload.size() - 1), event));
        for (qsizetype cut = 0; cut < payload.size(); ++cut) {
            TfEventDecoder::decode(QByteArrayView(payload).first(cut), event);
            for (const TfScalar &s : event.scalars)
                QVERIFY(s.tag.data() >= payload.constData()
                        && s.tag.data() + s.tag.size() <= payload.constData() + cut);
        }
        QRandomGenerator rng(7);
        for (int round = 0; round < 2000; ++round) {
            QByteArray scrambled = payload;
            scrambled[qsizetype(rng.bounded(int(scrambled.size())))] = char(rng.bounded(256));
            if (TfEventDecoder::decode(scrambled, event))
                for (const TfScalar &s : event.scalars)
                    QVERIFY(s.tag.data() >= scrambled.constData()
                            && s.tag.data() + s.tag.size() <= scrambled.constData() + scrambled.size());
        }
    }
}

QTEST_GUILESS_MAIN(TestEventFileReader)
#include "tst_eventfilereader.moc"
