// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class ChartView;
class CurveChart;
class ParityDevicesModel;
class ParityPanel;
class QLabel;
class QTableView;
class QTreeWidget;

/// The Compare perspective's central view: the Parity dock's result (ParityPanel::result(), never
/// compared again here) laid out to be read at 1366×768 — the verdict, the reasons with mismatch
/// classes and fairness (ParityReasonTree), the statistics with whole headers, the devices beside
/// the throughput when the runs have telemetry, and the compared
/// metric's and the difference chart at a readable height. It follows the dock: a new result, an
/// outdated mark, the difference mode, a jump to a step. The dock shows its controls only meanwhile
/// (ParityPanel::setResultsShown).
class ParityResultView : public QWidget
{
    Q_OBJECT

public:
    explicit ParityResultView(ParityPanel &panel, QWidget *parent = nullptr);

    QLabel *verdict() const { return m_verdict; }
    QTreeWidget *reasons() const { return m_reasons; }
    QTableView *statistics() const { return m_table; }
    /// Per run, throughput beside its devices (ParityDevicesModel); hidden when no run has telemetry.
    QTableView *devices() const { return m_devices; }
    CurveChart *overlayChart() const { return m_overlay; }
    CurveChart *differenceChart() const { return m_difference; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    /// Everything again from the panel's result and charts.
    void follow();
    /// The panel's badge (word, outdated mark, colours) and the result's one-line summary.
    void followBadge();

    ParityPanel &m_panel;
    QLabel *m_verdict;
    QLabel *m_summary;
    QTreeWidget *m_reasons;
    QTableView *m_table;
    ParityDevicesModel *m_devicesModel;
    QTableView *m_devices;
    CurveChart *m_overlay;
    CurveChart *m_difference;
    ChartView *m_overlayView;
    ChartView *m_differenceView;
};
