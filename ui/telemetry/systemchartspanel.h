// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "telemetry/telemetrycapture.h"

#include <QFutureWatcher>
#include <QList>
#include <QTimer>
#include <QWidget>

#include <memory>

class CurveChart;
class DeviceBackend;
class QComboBox;
class QLabel;
class QListWidget;

/// The System Charts dock (Monitor perspective, under the loss charts): device telemetry read
/// from a file (a `monitor --out` recording, an `nvidia-smi`/`npu-smi`/`mthreads-gmi` capture; File >
/// Open and drag-and-drop route them here), one line per host:device for the metric chosen, and the
/// flags (stragglers, full memory, throttling) below. Files are read off the GUI thread, the latest
/// open wins; what is appended to the file afterwards (a monitor still writing it) is read every
/// second and joins the charts.
class SystemChartsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SystemChartsPanel(QList<const DeviceBackend *> backends, QWidget *parent = nullptr);

    /// Whether `path` is telemetry (a look at its first bytes).
    bool canOpen(const QString &path) const;
    void openFile(const QString &path);
    /// The file last opened (being read or shown), empty before any.
    QString file() const { return m_readingPath; }

    QString metric() const;
    void setMetric(const QString &metric);
    CurveChart *chart() const { return m_chart; }

Q_SIGNALS:
    void message(const QString &text);
    void loaded(const QString &path);
    /// Lines appended to the open file were read.
    void grown(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// What the first read of a file hands to the GUI thread: the recording and the capture that
    /// goes on following the file.
    struct Reading
    {
        std::unique_ptr<TelemetryCapture> capture;
        TelemetryRecording recording;
        QString error;
    };

    void setRecording(TelemetryRecording recording, const QString &source);
    void readAppended();
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
    QFutureWatcher<std::shared_ptr<Reading>> m_reading;
    QString m_readingPath;
    std::unique_ptr<TelemetryCapture> m_following;
    QTimer m_follow;
};
