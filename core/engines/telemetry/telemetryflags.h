// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "telemetryrecording.h"

#include <QHash>
#include <QList>
#include <QString>

#include <vector>

/// A device that needs a look: one that idles while the others work (a straggler or a hung rank),
/// one whose memory is nearly full, one whose clocks are throttled.
struct TelemetryFlag
{
    enum class Kind { Straggler, MemoryFull, Throttled };
    Kind kind = Kind::Straggler;
    QString host;
    QString device;
    qint64 fromMs = 0;
    qint64 toMs = 0; ///< its last sample so far
    int samples = 0;
    double peak = 0; ///< the highest memory use (MemoryFull); the others' median utilisation (Straggler)

    /// "straggler", "memory", "throttled" (JSON, scripts).
    static QString kindName(Kind kind);
    /// One line for a person: "gpu1:3: utilisation under 10 % for 5 samples while the others
    /// worked (median 97 %): a straggler or a hung rank".
    QString text() const;
};

/// Computes the flags from samples as they arrive, the same way for a live monitor and for a
/// recording read back (compute()). Per host, the samples of one round of the tool (every device
/// once) are compared: a device under idleUtilisation while the median of the others is at least
/// busyUtilisation, for stragglerRounds rounds in a row, is a straggler; memory above
/// memoryFullPercent and a throttled sample are flagged at once. A flag stays open while its
/// condition holds and is extended, not raised again.
class TelemetryFlags
{
public:
    static constexpr double idleUtilisation = 10;
    static constexpr double busyUtilisation = 50;
    static constexpr int stragglerRounds = 3;
    static constexpr double memoryFullPercent = 95;

    void add(const QString &host, const TelemetrySample &sample);
    /// Ends the open rounds; call before reading flags() at the end of a stream.
    void finish();
    /// Every flag so far, in the order they were raised.
    const QList<TelemetryFlag> &flags() const { return m_flags; }
    /// How many flags were raised before the last call (a live monitor prints the new ones).
    int takeNewCount();

    /// Adds the samples of `recording` past `seen` (per series, how many were added before; grown
    /// to the series count and moved to their ends), in time order: a recording that grows (a file
    /// followed) is flagged in steps, each costing only its new samples.
    void addSince(const TelemetryRecording &recording, std::vector<size_t> &seen);
    static QList<TelemetryFlag> compute(const TelemetryRecording &recording);

private:
    struct DeviceState
    {
        int lowRounds = 0;
        qint64 lowFrom = 0;
        double othersMedian = 0;
        int straggler = -1; ///< index of its open flag in m_flags, or -1
        int memory = -1;
        int throttled = -1;
    };
    struct Round
    {
        QList<QPair<QString, double>> utilisation; ///< device, value
        qint64 timeMs = 0;
    };

    void closeRound(const QString &host, Round &round);
    DeviceState &state(const QString &host, const QString &device);
    void extendOrRaise(int &open, TelemetryFlag::Kind kind, const QString &host, const QString &device, qint64 fromMs,
                       qint64 toMs, double peak);

    QHash<QString, Round> m_rounds; ///< by host
    QHash<QString, DeviceState> m_states; ///< by "host\ndevice"
    QList<TelemetryFlag> m_flags;
    int m_reported = 0;
};
