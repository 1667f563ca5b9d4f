// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/config/memoryestimate.h"

#include <QWidget>

/// Per-device memory as a stacked bar (parameters, gradients, optimizer, gathered, activations,
/// logits, margin) against the device's capacity; the tooltip explains every number.
class MemoryBar : public QWidget
{
    Q_OBJECT

public:
    explicit MemoryBar(QWidget *parent = nullptr);
    void setEstimate(const MemoryEstimate &estimate);
    const MemoryEstimate &estimate() const { return m_estimate; }
    /// The one-line summary drawn on the bar ("24.7 GiB of 64.0 GiB — fits").
    QString summary() const;
    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    MemoryEstimate m_estimate;
};
