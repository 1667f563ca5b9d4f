#include "metricnames.h"

#include <QRegularExpression>

namespace MetricNames {

QStringList canonical()
{
    return {loss,       lmLoss,      gradNorm,  learningRate,      tokensPerSecond, tokensPerSecondPerDevice,
            samplesPerSecond, tflopsPerDevice, mfu, lossScale, skippedIterations, nanIterations,
            epoch,      elapsedMs,   memoryGb,  evalLoss,          consumedSamples, consumedTokens,
            globalBatchSize};
}

QString primaryLoss(const QStringList &available)
{
    if (available.contains(lmLoss))
        return lmLoss;
    if (available.contains(loss))
        return loss;
    return {};
}

QString normalise(const QString &key)
{
    static const QRegularExpression separators(QStringLiteral("[\\s\\-]+"));
    QString k = key.trimmed().toLower();
    k.replace(separators, QStringLiteral("_"));
    return k;
}

} // namespace MetricNames
