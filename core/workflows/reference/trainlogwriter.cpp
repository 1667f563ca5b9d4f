// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/workflows/reference/trainlogwriter.h"

#include "core/base/model/numbertext.h"

#include <QDateTime>
#include <QJsonDocument>

QString TrainLogWriter::open(const QString &path, const QJsonObject &header)
{
    close();
    if (QFile::exists(path)) {
        const QString backup = path + QStringLiteral(".bak");
        QFile::remove(backup);
        if (!QFile::rename(path, backup))
            return QStringLiteral("%1: exists and could not be moved to %2").arg(path, backup);
    }
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered))
        return QStringLiteral("%1: %2").arg(path, m_file.errorString());
    QJsonObject first = header;
    first.insert(QStringLiteral("event"), QStringLiteral("start"));
    writeLine(QJsonDocument(first).toJson(QJsonDocument::Compact));
    return {};
}

void TrainLogWriter::writeStep(const TrainStep &step)
{
    writeLine(formatStep(step));
}

void TrainLogWriter::writeEnd(const QString &status, const QJsonObject &summary)
{
    QJsonObject last = summary;
    last.insert(QStringLiteral("event"), QStringLiteral("end"));
    last.insert(QStringLiteral("status"), status);
    writeLine(QJsonDocument(last).toJson(QJsonDocument::Compact));
}

void TrainLogWriter::close()
{
    if (m_file.isOpen())
        m_file.close();
}

void TrainLogWriter::writeLine(const QByteArray &line)
{
    if (!m_file.isOpen())
        return;
    m_file.write(line + '\n');
    m_file.flush();
}

QByteArray TrainLogWriter::formatNumber(double value)
{
    QByteArray out;
    NumberText::appendShortest(out, value);
    return out;
}

QByteArray TrainLogWriter::formatStep(const TrainStep &step)
{
    QByteArray line = "{\"step\": " + QByteArray::number(step.step);
    line += ", \"loss\": " + formatNumber(step.loss);
    line += ", \"learning_rate\": " + formatNumber(step.learningRate);
    line += ", \"grad_norm\": " + formatNumber(step.gradNorm);
    line += ", \"tokens_per_s\": " + formatNumber(step.tokensPerSecond);
    if (step.hasEvalLoss)
        line += ", \"eval_loss\": " + formatNumber(step.evalLoss);
    line += ", \"time\": " + QByteArray::number(step.time, 'f', 3);
    line += '}';
    return line;
}
