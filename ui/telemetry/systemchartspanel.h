// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/engines/telemetry/telemetrycapture.h"
#include "core/engines/telemetry/telemetryflags.h"

#include <QFutureWatcher>
#include <QList>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <vector>

class CurveChart;
class DeviceBackend;
class QComboBox;
class QLabel;
class QListWidget;

/// The System Charts dock (Monitor perspective, under the loss charts): device telemetry read
/// from a file (a `monitor --out` recording, an `nvidia-smi`/`npu-smi`/`mthreads-gmi` capture; File >
/// Open and drag-and-drop route them here), one line per host:device for the metric chosen, and the
/// flags (stragglers, full memory, throttling) below. Several files (a run recorded on several
/// hosts, one file per host) show together. Files are read off the GUI thread, the latest open
/// wins; what is appended to them afterwards (a monitor still writing) is read every second and
/// joins the charts.
class SystemChartsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SystemChartsPanel(QList<const DeviceBackend *> backends, QWidget *parent = nullptr);

    /// Whether `path` is telemetry (a look at its first bytes).
    bool canOpen(const QString &path) const;
    void openFile(const QString &path) { openFiles({path}); }
    /// Shows `paths` together. A vendor tool's capture names no host: with several files each is
    /// named after its file (`node-a` for node-a.txt); PortBench's own files name theirs.
    void openFiles(const QStringList &paths);
    /// The files last opened (being read or shown), empty before any.
    QStringList files() const { return m_readingPaths; }

    QString metric() const;
    void setMetric(const QString &metric);
    CurveChart *chart() const { return m_chart; }

Q_SIGNALS:
    void message(const LocalizedText &text);
    /// `source`: the file, or the files' names joined with ", ".
    void loaded(const QString &source);
    /// Lines appended to the open files were read.
    void grown(const QString &source);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// What the first read of the files hands to the GUI thread: the recording and the captures
    /// that go on following the files read.
    struct Reading
    {
        std::vector<std::unique_ptr<TelemetryCapture>> captures;
        TelemetryRecording recording;
        /// The flags of the samples read, kept for what is appended (TelemetryFlags::addSince).
        TelemetryFlags flags;
        std::vector<size_t> flagged;
        QStringList errors;
    };

    static std::shared_ptr<Reading> read(const QStringList &paths, const QList<const DeviceBackend *> &backends);
    /// Reads what was appended to the files into `recording`; a file that cannot be read any more
    /// is left out of `captures`, its error in `errors`.
    static void readMore(std::vector<std::unique_ptr<TelemetryCapture>> &captures, TelemetryRecording &recording,
                         QStringList *errors);

    void setRecording(TelemetryRecording recording, const QString &source);
    void readAppended();
    /// Continues the shown metric's curves with what was appended; false when one cannot be.
    bool extendCurves();
    void showFlags();
    void retranslateUi();
    void showMetric();

    QList<const DeviceBackend *> m_backends;
    TelemetryRecording m_recording;
    TelemetryFlags m_flagState;
    std::vector<size_t> m_flagged;
    QString m_source;
    QLabel *m_metricLabel;
    QComboBox *m_metric;
    QLabel *m_summary;
    CurveChart *m_chart;
    QLabel *m_flagsLabel;
    QListWidget *m_flags;
    QFutureWatcher<std::shared_ptr<Reading>> m_reading;
    QStringList m_readingPaths;
    std::vector<std::unique_ptr<TelemetryCapture>> m_following;
    QTimer m_follow;
};
