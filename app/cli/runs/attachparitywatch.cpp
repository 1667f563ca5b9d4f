// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "attachparitywatch.h"

#include "presetoption.h"
#include "core/sources/logs/logreader.h"
#include "core/workflows/runs/runcontroller.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

const QString optAgainst = QStringLiteral("against");
const QString optMetric = QStringLiteral("metric");
const QString optFailFast = QStringLiteral("fail-fast");

}

void AttachParityWatch::addOptions(QCommandLineParser &parser)
{
    parser.addOption({optAgainst,
                      QCoreApplication::translate("AttachParityWatch",
                                                  "Judge the run live against this baseline log; give it again for "
                                                  "more runs of the baseline (a noise envelope)."),
                      QStringLiteral("LOG")});
    PresetOption::add(parser, PresetOption::Custom::Refused);
    parser.addOption({optMetric,
                      QCoreApplication::translate("AttachParityWatch", "Metric judged with --against (default loss)."),
                      QStringLiteral("NAME")});
    parser.addOption({optFailFast,
                      QCoreApplication::translate("AttachParityWatch",
                                                  "With --against: stop following and exit 1 at the first FAIL "
                                                  "alert (NaN/inf, divergence).")});
}

bool AttachParityWatch::prepare(const QCommandLineParser &parser, QString *error)
{
    m_failFast = parser.isSet(optFailFast);
    const QStringList files = parser.values(optAgainst);
    if (files.isEmpty()) {
        if (m_failFast || parser.isSet(optMetric)) {
            *error = QStringLiteral("--fail-fast and --metric need --against BASELINE");
            return false;
        }
        return true;
    }
    QString preset;
    if (!PresetOption::read(parser, PresetOption::Custom::Refused, &preset, error))
        return false;
    ParityOptions options = ParityOptions::forPreset(preset);
    options.metric = parser.value(optMetric);
    for (const QString &file : files) {
        ParseResult r = LogReader::readFile(file);
        if (!r) {
            *error = r.error;
            return false;
        }
        if (r.run.name.isEmpty())
            r.run.name = QFileInfo(file).fileName();
        m_baselines.push_back(std::move(r.run));
    }
    QVector<const RunMetrics *> envelope;
    for (size_t i = 1; i < m_baselines.size(); ++i)
        envelope.append(&m_baselines[i]);
    m_monitor = std::make_unique<ParityMonitor>(options, m_baselines.front(), envelope);
    if (!m_monitor->error().isEmpty()) {
        *error = m_monitor->error();
        return false;
    }
    return true;
}

void AttachParityWatch::watch(QObject *receiver, const RunController &controller, CliContext &context, bool json,
                              std::function<void()> onFail)
{
    if (!m_monitor)
        return;
    QObject::connect(&controller, &RunController::pointsAppended, receiver,
                     [this, receiver, &context, json, onFail](const QString &, const RunMetrics &chunk) {
                         bool stop = false;
                         for (const ParityMonitor::Alert &a : m_monitor->append(chunk)) {
                             const QString level = ParityResult::verdictName(a.level);
                             if (json)
                                 context.out() << QJsonDocument(QJsonObject{{QStringLiteral("alert"), a.code},
                                                                            {QStringLiteral("level"), level},
                                                                            {QStringLiteral("step"), a.step},
                                                                            {QStringLiteral("seenAt"), a.seenAt},
                                                                            {QStringLiteral("message"), a.message}})
                                                      .toJson(QJsonDocument::Compact)
                                               << '\n';
                             else
                                 context.out() << "ALERT " << level << " step " << a.step << " " << a.code << ": "
                                               << a.message << '\n';
                             stop = stop || (m_failFast && a.level == ParityResult::Verdict::Fail);
                         }
                         context.out().flush();
                         // Not from inside the controller's own signal: stop once it has returned.
                         if (stop)
                             QMetaObject::invokeMethod(receiver, onFail, Qt::QueuedConnection);
                     });
}

int AttachParityWatch::exitCode() const
{
    return m_monitor && m_monitor->failed() ? ExitCode::Failed : ExitCode::Ok;
}
