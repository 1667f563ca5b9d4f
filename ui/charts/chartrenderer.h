// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartspec.h"

#include <QImage>
#include <QSize>

class QIODevice;
class QPainter;

/// Draws a ChartSpec without a window, through the same CurveChart the Charts dock shows (same
/// decimation, colours, markers and band). For reports and exports. Needs a QApplication (Qt
/// Charts are graphics widgets); runs under QT_QPA_PLATFORM=offscreen.
///
///     ChartRenderer r(spec, QSize(900, 500));
///     QImage png = r.toImage(2.0);                   // 1800×1000 pixels
///     r.toSvgFile("/tmp/loss.svg", &error);
///     r.render(&pdfPainter, QRectF(0, 0, 500, 280)); // e.g. a QPdfWriter page
class ChartRenderer
{
public:
    /// size is the layout size in logical pixels (fonts and margins are laid out for it).
    ChartRenderer(const ChartSpec &spec, const QSize &size);
    ~ChartRenderer();
    ChartRenderer(const ChartRenderer &) = delete;
    ChartRenderer &operator=(const ChartRenderer &) = delete;

    /// Draws into target on any painter (image, SVG generator, PDF writer, printer), scaled to fit.
    void render(QPainter *painter, const QRectF &target);
    QImage toImage(qreal devicePixelRatio = 1.0);
    /// SVG into a device; false if the device cannot be written.
    bool toSvg(QIODevice *device, const QString &title = {});
    /// PNG/SVG files chosen by suffix (.svg, else the image format of the suffix, PNG by default),
    /// written through SafeFileWriter, an existing file kept as `path.bak`.
    bool toFile(const QString &path, QString *error, qreal devicePixelRatio = 1.0);

private:
    class Scene;
    Scene *m_scene;
    QSize m_size;
};
