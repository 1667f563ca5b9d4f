// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "buildinfo.h"
#include "core/base/i18n/translationcatalog.h"
#include "mainwindow.h"
#include "perspectives.h"
#include "core/sources/plugins/pluginmanager.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include <csignal>

int main(int argc, char **argv)
{
    // Over a file size limit (ulimit -f) a write then fails with EFBIG, which SafeFileWriter reports
    // ("File too large") and cleans up after, instead of the process dying of the signal.
    std::signal(SIGXFSZ, SIG_IGN);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PortBench"));
    QApplication::setApplicationName(QStringLiteral("portbench"));
    QApplication::setApplicationVersion(QLatin1String(BuildInfo::version));
    QApplication::setDesktopFileName(QStringLiteral("portbench"));

    // The language before anything shows text (--help included): --language, else View > Language,
    // else the system locale's.
    QSettings settings;
    QString language = MainWindow::startLanguage(settings);
    // Read ahead of the parser, whose --help must already speak the language.
    const QStringList args = QCoreApplication::arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--language") && i + 1 < args.size())
            language = args.at(i + 1);
        else if (args.at(i).startsWith(QLatin1String("--language=")))
            language = args.at(i).mid(11);
    }
    QString languageError;
    if (!TranslationCatalog::install(language, &languageError))
        qWarning("%s", qPrintable(languageError));

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main",
        "PortBench: port PyTorch LLM training from CUDA to Ascend NPU and MUSA, and prove it trains the same."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Save a PNG of the window after start-up, then quit."),
        //: Value name in --help: a file path.
        QCoreApplication::translate("main", "file"));
    const QCommandLineOption quitAfter(
        QStringLiteral("quit-after"),
        QCoreApplication::translate("main", "Quit after this many milliseconds (smoke tests)."), QStringLiteral("ms"));
    const QCommandLineOption workspace(
        QStringLiteral("workspace"),
        QCoreApplication::translate("main",
                                    "Run workspace folder (default: $PORTBENCH_WORKSPACE or the Workspace setting)."),
        //: Value name in --help: a folder path.
        QCoreApplication::translate("main", "dir"));
    const QCommandLineOption perspective(QStringLiteral("perspective"),
                                         QCoreApplication::translate("main", "Start in this perspective: %1.")
                                             .arg(Perspectives::ids().join(QStringLiteral(", "))),
                                         //: Value name in --help.
                                         QCoreApplication::translate("main", "name"));
    const QCommandLineOption languageOption(
        QStringLiteral("language"),
        QCoreApplication::translate("main",
                                    "Show the user interface in this language for this session: %1 (default: "
                                    "View > Language, else the system's).")
            .arg(TranslationCatalog::languages().join(QStringLiteral(", "))),
        QCoreApplication::translate("main", "language"));
    parser.addOption(perspective);
    parser.addOption(languageOption);
    parser.addOption(screenshot);
    parser.addOption(workspace);
    parser.addOption(quitAfter);
    //: Name of the positional arguments in --help.
    parser.addPositionalArgument(QCoreApplication::translate("main", "files"),
                                 QCoreApplication::translate("main", "Logs, configs or scripts to open."));
    parser.process(app);

    // Through the environment so that runs and portbench-cli started from the GUI see the same folder.
    if (parser.isSet(workspace))
        qputenv("PORTBENCH_WORKSPACE", QFileInfo(parser.value(workspace)).absoluteFilePath().toLocal8Bit());

    Theme::apply(Theme::fromString(settings.value(QStringLiteral("mainWindow/theme")).toString()));
    const PluginManager plugins;
    MainWindow window(settings, plugins);
    window.restoreLayout();
    if (parser.isSet(perspective)) {
        const int index = Perspectives::ids().indexOf(parser.value(perspective));
        if (index < 0) {
            qCritical("Unknown perspective %s (one of: %s)", qPrintable(parser.value(perspective)),
                      qPrintable(Perspectives::ids().join(QStringLiteral(", "))));
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
