// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensorcomparisonmodel.h"
#include "tensors/tensorspanel.h"
#include "core/base/i18n/translationcatalog.h"

#include <QSignalSpy>
#include <QTest>

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/torch/") + QLatin1String(name);
}

} // namespace

class TestTensorsPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void comparesPythonWrittenDumps()
    {
        TensorsPanel panel;
        QSignalSpy compared(&panel, &TensorsPanel::compared);
        QSignalSpy messages(&panel, &TensorsPanel::message);
        panel.compareFiles(fixture("baseline.pt"), fixture("candidate.pt"));
        QVERIFY(compared.wait(30000));
        const TensorDumpReport &r = panel.report();
        QCOMPARE(r.rows.size(), 5);
        QCOMPARE(r.failedCount(), 2);
        QCOMPARE(r.rows.at(r.firstFailing()).name, QStringLiteral("layer.0.out"));
        QCOMPARE(panel.model()->rowCount(), 5);
        QVERIFY2(
            messages.last().at(0).value<LocalizedText>().text().contains(QStringLiteral("first failing: layer.0.out")),
            qPrintable(messages.last().at(0).value<LocalizedText>().text()));
        // The message, shown in the Messages dock, reads in a language chosen after it was sent.
        QVERIFY(TranslationCatalog::install(QStringLiteral("zh_CN")));
        const QString chinese = messages.last().at(0).value<LocalizedText>().text();
        QVERIFY(TranslationCatalog::install(QStringLiteral("en")));
        QVERIFY2(chinese.startsWith(QStringLiteral("张量："))
                     && chinese.contains(QStringLiteral("第一个不通过的：layer.0.out")),
                 qPrintable(chinese));

        panel.compareFiles(fixture("baseline.pt"), fixture("baseline.safetensors"));
        QVERIFY(compared.wait(30000));
        QVERIFY(panel.report().passed());
    }

    void unreadableSideIsReported()
    {
        TensorsPanel panel;
        QSignalSpy compared(&panel, &TensorsPanel::compared);
        QSignalSpy messages(&panel, &TensorsPanel::message);
        panel.compareFiles(QStringLiteral("/nonexistent.pt"), fixture("baseline.pt"));
        QVERIFY(compared.wait(30000));
        QVERIFY(panel.report().rows.isEmpty());
        QVERIFY(messages.last().at(0).value<LocalizedText>().text().contains(QStringLiteral("/nonexistent.pt")));
    }
};

QTEST_MAIN(TestTensorsPanel)
#include "tst_tensorspanel.moc"
