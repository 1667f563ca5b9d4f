#include "buildinfo.h"
#include "mainwindow.h"
#include "perspectives.h"
#include "plugins/pluginmanager.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PortBench"));
    QApplication::setApplicationName(QStringLiteral("portbench"));
    QApplication::setApplicationVersion(QLatin1String(BuildInfo::version));
    QApplication::setDesktopFileName(QStringLiteral("portbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("PortBench: port PyTorch LLM training from CUDA to Ascend "
                                                    "NPU and MUSA, and prove it trains the same."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save a PNG of the window after start-up, then quit."),
                                        QStringLiteral("file"));
    const QCommandLineOption quitAfter(QStringLiteral("quit-after"),
                                       QStringLiteral("Quit after this many milliseconds (smoke tests)."),
                                       QStringLiteral("ms"));
    const QCommandLineOption workspace(QStringLiteral("workspace"),
                                       QStringLiteral("Run workspace folder (default: $PORTBENCH_WORKSPACE or the "
                                                      "Workspace setting)."),
                                       QStringLiteral("dir"));
    const QCommandLineOption perspective(QStringLiteral("perspective"),
                                         QStringLiteral("Start in this perspective: %1.")
                                             .arg(Perspectives::names().join(QStringLiteral(", "))),
                                         QStringLiteral("name"));
    parser.addOption(perspective);
    parser.addOption(screenshot);
    parser.addOption(workspace);
    parser.addOption(quitAfter);
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Logs, configs or scripts to open."));
    parser.process(app);

    // Through the environment so that runs and portbench-cli started from the GUI see the same folder.
    if (parser.isSet(workspace))
        qputenv("PORTBENCH_WORKSPACE", QFileInfo(parser.value(workspace)).absoluteFilePath().toLocal8Bit());

    QSettings settings;
    Theme::apply(Theme::fromString(settings.value(QStringLiteral("mainWindow/theme")).toString()));
    const PluginManager plugins;
    MainWindow window(settings, plugins);
    window.restoreLayout();
    if (parser.isSet(perspective)) {
        const int index = Perspectives::names().indexOf(parser.value(perspective));
        if (index < 0) {
            qCritical("Unknown perspective %s (one of: %s)", qPrintable(parser.value(perspective)),
                      qPrintable(Perspectives::names().join(QStringLiteral(", "))));
            return 2;
        }
        window.perspectives().switchTo(Perspectives::Kind(index));
    }
    window.show();
    window.openFiles(parser.positionalArguments());

    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        QTimer::singleShot(1500, &window, [&window, file] {
            const bool saved = window.grab().save(file);
            QCoreApplication::exit(saved ? 0 : 1);
        });
    } else if (parser.isSet(quitAfter)) {
        QTimer::singleShot(parser.value(quitAfter).toInt(), &window, &QWidget::close);
    }
    return QApplication::exec();
}
