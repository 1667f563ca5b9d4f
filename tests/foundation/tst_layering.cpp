#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

/// core/ is shared by the CLI and the plugins: it must not depend on widgets, charts or libtorch.
class TestLayering : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coreLibraryNeedsNoGuiLibrary()
    {
        QProcess p;
        p.start(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(PORTBENCH_CORE_LIB)});
        if (!p.waitForStarted())
            QSKIP("readelf (binutils) is not installed");
        QVERIFY(p.waitForFinished());
        const QString dynamic = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY(dynamic.contains(QLatin1String("libQt6Core")));
        for (const char *forbidden : {"libQt6Widgets", "libQt6Gui", "libQt6Charts", "libtorch", "libc10"})
            QVERIFY2(!dynamic.contains(QLatin1String(forbidden)), forbidden);
    }

    void coreSourcesIncludeNoWidgetOrTorchHeader()
    {
        // Built from parts so that automoc does not read this pattern as an include of the test itself.
        const QRegularExpression forbidden(QStringLiteral("#\\s*") + QStringLiteral("include")
                                           + QStringLiteral("\\s*[<\"](QtWidgets|QtGui|QtCharts|QWidget|torch/)"));
        QDirIterator it(QStringLiteral(PORTBENCH_CORE_SOURCE_DIR), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            QVERIFY2(!forbidden.match(text).hasMatch(), qPrintable(f.fileName()));
            ++files;
        }
        QVERIFY(files > 0);
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
