// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "userformat.h"

#include "core/sources/logs/lineprefix.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/metricline.h"
#include "core/base/model/metricnames.h"

#include <QRegularExpression>
#include <QSettings>

namespace {
const QString group = QStringLiteral("logFormats");
}

QString UserFormat::validate() const
{
    static const QRegularExpression validName(QStringLiteral("^[a-z0-9][a-z0-9_.-]*$"));
    if (!validName.match(name).hasMatch())
        return QStringLiteral("format name '%1' must be lower-case letters, digits, '_', '.' or '-'").arg(name);
    if (name == QLatin1String("auto"))
        return QStringLiteral("'auto' is reserved");
    const QRegularExpression re(pattern);
    if (!re.isValid())
        return QStringLiteral("invalid regular expression at offset %1: %2")
            .arg(re.patternErrorOffset())
            .arg(re.errorString());
    int metrics = 0;
    for (const QString &g : re.namedCaptureGroups()) {
        if (!g.isEmpty() && g != QLatin1String("step") && g != QLatin1String("time"))
            ++metrics;
    }
    if (metrics == 0)
        return QStringLiteral(
            "the expression needs at least one named group for a metric, e.g. (?<loss>[-+.\\dEe]+|nan)");
    return {};
}

UserFormat UserFormat::propose(QByteArrayView line, const QString &name)
{
    const LinePrefix::Parts parts = LinePrefix::split(line);
    const MetricLine m = MetricLine::scan(line.sliced(parts.payload));
    QString step, loss;
    for (const MetricLine::Pair &p : m.pairs) {
        if (p.key.isEmpty())
            continue;
        const QString key = QString::fromUtf8(p.key);
        const QString escaped = QRegularExpression::escape(key);
        const MetricNames::Role role = MetricNames::role(key);
        if (role == MetricNames::Role::Step && step.isEmpty())
            step = escaped + QStringLiteral("\\D{0,8}?(?<step>\\d+)");
        else if (role == MetricNames::Role::Loss && loss.isEmpty())
            loss = escaped
                + QStringLiteral("[^-+.\\dn]{0,8}(?<%1>[-+]?(?:\\d[\\d.]*(?:[eE][-+]?\\d+)?|nan|inf))")
                      .arg(MetricNames::canonicalName(key)); // loss or lm_loss
    }
    if (loss.isEmpty())
        return {name, {}, {}};
    const QString pattern = step.isEmpty() ? loss : step + QStringLiteral(".*?") + loss;
    return {name, pattern, QStringLiteral("proposed from: %1").arg(LogText::displayText(line, 120))};
}

QList<UserFormat> UserFormat::load(QSettings &settings)
{
    QList<UserFormat> formats;
    settings.beginGroup(group);
    for (const QString &name : settings.childGroups()) {
        settings.beginGroup(name);
        UserFormat f{name, settings.value(QStringLiteral("regex")).toString(),
                     settings.value(QStringLiteral("description")).toString()};
        settings.endGroup();
        if (f.validate().isEmpty())
            formats.append(f);
    }
    settings.endGroup();
    return formats;
}

void UserFormat::save(QSettings &settings, const UserFormat &format)
{
    settings.beginGroup(group);
    settings.beginGroup(format.name);
    settings.setValue(QStringLiteral("regex"), format.pattern);
    settings.setValue(QStringLiteral("description"), format.description);
    settings.endGroup();
    settings.endGroup();
    settings.sync();
}

bool UserFormat::remove(QSettings &settings, const QString &name)
{
    settings.beginGroup(group);
    const bool existed = settings.childGroups().contains(name);
    settings.remove(name);
    settings.endGroup();
    settings.sync();
    return existed;
}
