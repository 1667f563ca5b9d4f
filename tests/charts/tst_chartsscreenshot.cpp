// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "isolatedhome.h"

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

/// The real `portbench` under Xvfb with two real logs opened from the command line: the window
/// picture is kept in the build tree (tst_chartsscreenshot.png) and must show both runs' curves.
class TestChartsScreenshot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mainWindowShowsTwoRuns()
    {
        const QString xvfbRun = QStandardPaths::findExecutable(QStringLiteral("xvfb-run"));
        if (xvfbRun.isEmpty())
            QSKIP("xvfb-run is not installed (Debian package xvfb)");
        const IsolatedHome home; // settings and the run workspace are the test's, not the user's
        const QString png = QStringLiteral(PORTBENCH_BUILD_DIR "/tst_chartsscreenshot.png");
        QFile::remove(png);
        QProcessEnvironment env = home.environment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        QProcess p;
        p.setProcessEnvironment(env);
        IsolatedHome::startInOwnGroup(p, xvfbRun,
                                      {QStringLiteral("-a"), QStringLiteral("-s"),
                                       QStringLiteral("-screen 0 1600x1000x24"),
                                       QStringLiteral(PORTBENCH_BIN_DIR "/portbench"), QStringLiteral("--screenshot"),
                                       png, QStringLiteral(PORTBENCH_TEST_DATA "/charts/torchtitan_console.txt"),
                                       QStringLiteral(PORTBENCH_TEST_DATA "/charts/nanogpt_console.txt")});
        QVERIFY(IsolatedHome::finishOrKill(p, 90000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000);
        // Both runs' colours (the first two of the run palette) appear: their curves and legend
        // entries were drawn.
        int first = 0, second = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QRgb px = image.pixel(x, y) & 0xffffff;
                first += px == 0x0072b2;
                second += px == 0xe69f00;
            }
        }
        QVERIFY2(first > 50 && second > 50, qPrintable(QStringLiteral("%1 %2").arg(first).arg(second)));
    }
};

QTEST_GUILESS_MAIN(TestChartsScreenshot)
#include "tst_chartsscreenshot.moc"
