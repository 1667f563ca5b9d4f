#pragma once

#include "telemetry/telemetrycapture.h"

#include <QFutureWatcher>
#include <QList>
#include <QWidget>

class CurveChart;
class DeviceBackend;
class QComboBox;
class QLabel;
class QListWidget;

/// The System Charts dock (Monitor perspective, under the loss charts): device telemetry read
/// from a file (a `monitor --out` recording, an `nvidia-smi`/`npu-smi`/`mthreads-gmi` capture; File >
/// Open and drag-and-drop route them here), one line per host:device for the metric chosen, and the
/// flags (stragglers, full memory, throttling) below. Files are read off the GUI thread, the latest
/// open wins.
class SystemChartsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SystemChartsPanel(QList<const DeviceBackend *> backends, QWidget *parent = nullptr);

    /// Whether `path` is telemetry (a look at its first bytes).
    bool canOpen(const QString &path) const;
    void openFile(const QString &path);
    /// Shows a recording (what openFile() does when the file is read).
    void setRecording(TelemetryRecording recording, const QString &source);

    QString metric() const;
    void setMetric(const QString &metric);
    CurveChart *chart() const { return m_chart; }

Q_SIGNALS:
    void message(const QString &text);
    void loaded(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void showMetric();

    QList<const DeviceBackend *> m_backends;
    TelemetryRecording m_recording;
    QString m_source;
    QLabel *m_metricLabel;
    QComboBox *m_metric;
    QLabel *m_summary;
    CurveChart *m_chart;
    QLabel *m_flagsLabel;
    QListWidget *m_flags;
    QFutureWatcher<TelemetryCapture::Result> m_reading;
    QString m_readingPath;
};
