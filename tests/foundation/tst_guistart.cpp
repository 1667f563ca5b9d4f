// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "isolatedhome.h"

#include "core/workflows/runs/launchworkspace.h"

#include <QImage>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

#include <sys/stat.h>

/// Starts the real `portbench` executable: offscreen, and under a real X server (Xvfb).
class TestGuiStart : public QObject
{
    Q_OBJECT

private:
    IsolatedHome m_home; ///< settings and the run workspace are the test's, not the user's

private Q_SLOTS:
    void startsOffscreen()
    {
        QProcess p;
        QProcessEnvironment env = m_home.environment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        IsolatedHome::startInOwnGroup(p, QStringLiteral(PORTBENCH_BIN_DIR "/portbench"),
                                      {QStringLiteral("--quit-after"), QStringLiteral("300")});
        QVERIFY(IsolatedHome::finishOrKill(p, 60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
    }

    void startsPastRunRecordsItCannotFollow()
    {
        // Attach records left "running" on a device, a FIFO and a deleted log: every start
        // followed them, read /dev/zero without end or blocked opening the FIFO, and never quit,
        // --quit-after included. Now they are shown as not followed.
        LaunchWorkspace ws(m_home.filePath(QStringLiteral("unfollowable")));
        const QString fifo = m_home.filePath(QStringLiteral("fifo.log"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString &log : {QStringLiteral("/dev/zero"), fifo, m_home.filePath(QStringLiteral("gone.log"))}) {
            LaunchRecord r;
            r.kind = LaunchRecord::Kind::Attach;
            r.status = LaunchRecord::Status::Running;
            r.sourceLog = log;
            QString error;
            QVERIFY2(!ws.create(r, &error).id.isEmpty(), qPrintable(error));
        }
        QProcess p;
        QProcessEnvironment env = m_home.environment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        IsolatedHome::startInOwnGroup(
            p, QStringLiteral(PORTBENCH_BIN_DIR "/portbench"),
            {QStringLiteral("--workspace"), ws.root(), QStringLiteral("--quit-after"), QStringLiteral("300")});
        QVERIFY2(IsolatedHome::finishOrKill(p, 60000), "did not quit: killed");
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
    }

    void startsUnderXvfbAndDrawsItsWindow()
    {
        const QString xvfbRun = QStandardPaths::findExecutable(QStringLiteral("xvfb-run"));
        if (xvfbRun.isEmpty())
            QSKIP("xvfb-run is not installed (Debian package xvfb)");
        const QString png = QStringLiteral(PORTBENCH_BUILD_DIR "/tst_guistart_xvfb.png");
        QFile::remove(png);
        QProcess p;
        QProcessEnvironment env = m_home.environment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        p.setProcessEnvironment(env);
        IsolatedHome::startInOwnGroup(
            p, xvfbRun,
            {QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1400x900x24"),
             QStringLiteral(PORTBENCH_BIN_DIR "/portbench"), QStringLiteral("--screenshot"), png});
        QVERIFY(IsolatedHome::finishOrKill(p, 90000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
        // A drawn window (menus, text, tables) has many colours; a blank or black grab has one or two.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() > 16, qPrintable(QString::number(colours.size())));
    }
};

QTEST_GUILESS_MAIN(TestGuiStart)
#include "tst_guistart.moc"
