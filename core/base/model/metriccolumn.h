// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/powersoften.h"

#include <QtGlobal>

#include <cstring>
#include <vector>

/// One metric's values in a Run, indexed by point. Only what the trainer logged is stored: the
/// values from the first point that has one to the last, or, once that span would be mostly gaps
/// (a metric logged every 1000 steps, a JSON key seen on one line only), the logged values with
/// their points. Every other point reads as missing(). Storage is therefore proportional to the
/// values, never to points × metric names.
///
/// A value takes 4 bytes where it is the double of a decimal with at most 8 significant digits
/// (what trainers print): its digits and a power of ten, read back by the one scaling the log
/// reader made it with (PowersOfTen::scaled), checked bit for bit when it is stored, or taken as
/// the digits the reader read (codeOfDecimal). Any other value
/// (more digits, NaN, inf, -0) is kept whole beside them. A column where those are common keeps
/// every value as a float (4 bytes) where each is exactly one (TensorBoard's float32 scalars),
/// else whole (8 bytes).
class MetricColumn
{
public:
    /// A quiet NaN with a payload that IEEE arithmetic never creates from finite inputs.
    static double missing()
    {
        double d;
        std::memcpy(&d, &missingBits, sizeof d);
        return d;
    }
    static bool isMissing(double value)
    {
        quint64 bits;
        std::memcpy(&bits, &value, sizeof bits);
        return bits == missingBits;
    }

    /// The value at a point, missing() where none was logged.
    double operator[](size_t point) const
    {
        if (!m_sparse) {
            const size_t i = point - m_first; // wraps for points before m_first
            return i < cellCount() ? cell(i) : missing();
        }
        return sparseAt(point);
    }
    void set(size_t point, double value)
    {
        // The parsers' hot path: the next point, a value of few digits.
        if (!m_sparse && point - m_first == cellCount() && !isEmpty()) {
            if (m_wide) {
                m_whole.push_back(value);
                return;
            }
            const quint32 code = m_floats ? floatCode(value) : encode(value);
            if (code != noCode) {
                m_codes.push_back(code);
                return;
            }
        }
        setSlow(point, value);
    }

    /// No code: the value has none of its own, or the caller does not know it.
    static constexpr quint32 noCode = 0xffff'fffeu;
    /// The code of the decimal `digits` / 10^power (digits × 10^-power for a negative power):
    /// decoded with PowersOfTen::scaled, as LogText::decimalValue() makes the value from these
    /// digits, so the value read back is that value bit for bit. noCode
    /// when the digits and power do not fit a code (|digits| ≥ 2^26, power outside -8..22). The
    /// caller keeps a negative zero out: digits of 0 mean +0.
    static quint32 codeOfDecimal(qint64 digits, int power)
    {
        if (digits == 0)
            return quint32(slotOfOne) << digitBits;
        if (digits >= (1 << 26) || digits <= -(1 << 26) || power < -slotOfOne || power > maxPower)
            return noCode;
        return quint32(power + slotOfOne) << digitBits | (quint32(digits) & ((1u << digitBits) - 1));
    }

    /// The value a codeOfDecimal() code stands for.
    static double valueOfCode(quint32 code) { return decodeDigits(code); }
    /// set() of the value of a codeOfDecimal() code: where the column keeps codes (the parsers'
    /// hot path), the value is neither computed nor encoded.
    void setCode(size_t point, quint32 code)
    {
        if (!m_sparse && !m_wide && !m_floats && point - m_first == cellCount() && !isEmpty()) {
            m_codes.push_back(code);
            return;
        }
        set(point, decodeDigits(code));
    }

    /// Sets every value of `from` at its point plus `offset`, leaving out its points before `skip`
    /// (RunMetrics::append of a chunk read on another thread).
    void append(const MetricColumn &from, size_t offset, size_t skip);

    bool isEmpty() const { return cellCount() == 0; }
    /// The last logged (not missing) value, missing() when none.
    double lastValue() const;
    /// Calls f(point, value) for every logged value, in point order.
    template<typename F>
    void forEachValue(F f) const
    {
        const size_t n = cellCount();
        for (size_t i = 0; i < n; ++i) {
            const double v = cell(i);
            if (!isMissing(v))
                f(m_sparse ? size_t(m_points[i]) : m_first + i, v);
        }
    }
    qint64 valueCount() const;
    /// Room for a dense column to reach `points` points without moving.
    void reserve(size_t points)
    {
        if (!m_sparse && points > m_first)
            m_wide ? m_whole.reserve(points - m_first) : m_codes.reserve(points - m_first);
    }
    size_t storageBytes() const
    {
        return m_codes.capacity() * sizeof(quint32) + m_whole.capacity() * sizeof(double)
            + m_points.capacity() * sizeof(int);
    }
    void squeeze();
    /// Same values at the same points (bit for bit, so a logged NaN equals itself).
    bool operator==(const MetricColumn &other) const;
    bool operator!=(const MetricColumn &other) const { return !(*this == other); }

private:
    static constexpr quint64 missingBits = 0x7ff8'0000'dead'beefULL;
    /// Gaps filled with missing() in the dense span may exceed the values by this much.
    static constexpr size_t slackCells = 16;

    // A code: the top 5 bits a slot, the low 27 the digits as a signed integer. Slot s means the
    // value is digits / 10^(s - 8) (digits * 10^(8 - s) below slot 8); the last slot is the index
    // of a whole value in m_whole, its two highest indices missing and "no code".
    static constexpr int digitBits = 27;
    static constexpr int slotOfOne = 8;
    static constexpr int maxPower = PowersOfTen::maxExact; ///< slot 30, the last before wholeSlot
    static constexpr quint32 wholeSlot = 31;
    static constexpr quint32 missingCode = 0xffff'ffffu;
    static constexpr quint32 maxWholeIndex = (1u << digitBits) - 3;

    /// The code of a value of few digits, noCode for any other.
    static quint32 encode(double value)
    {
        quint64 bits;
        std::memcpy(&bits, &value, sizeof bits);
        const int biased = int((bits >> 52) & 0x7ff);
        if (biased == 0 || biased == 0x7ff) // zero, subnormal, inf, NaN
            return bits == 0 ? quint32(slotOfOne) << digitBits : noCode;
        // The largest power of ten that keeps |digits| below 2^26, from the binary exponent
        // (1233 / 4096 is just under log10(2)).
        const int power = qMin(maxPower, ((26 - (biased - 1022)) * 1233) >> 12);
        if (power < -slotOfOne)
            return noCode;
        const double scaled = PowersOfTen::scaled(value, power);
        const qint64 digits = qint64(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
        const quint32 code = codeOfDecimal(digits, power);
        if (code == noCode)
            return noCode;
        const double back = decodeDigits(code);
        return std::memcmp(&back, &value, sizeof back) == 0 ? code : noCode;
    }
    /// A float column's code of a value: its float bits where it is exactly a float (not the
    /// bits of missingCode), else noCode.
    static quint32 floatCode(double value)
    {
        const float f = float(value);
        const double back = double(f);
        quint32 bits;
        std::memcpy(&bits, &f, sizeof bits);
        return std::memcmp(&back, &value, sizeof back) == 0 && bits != missingCode ? bits : noCode;
    }
    static double decodeDigits(quint32 code)
    {
        const int power = int(code >> digitBits) - slotOfOne;
        const double digits = double(qint32(code << (32 - digitBits)) >> (32 - digitBits));
        return PowersOfTen::scaled(digits, -power);
    }

    size_t cellCount() const { return m_wide ? m_whole.size() : m_codes.size(); }
    double cell(size_t i) const
    {
        if (m_wide)
            return m_whole[i];
        const quint32 code = m_codes[i];
        if (m_floats) {
            float f;
            std::memcpy(&f, &code, sizeof f);
            return code == missingCode ? missing() : double(f);
        }
        if (code >> digitBits != wholeSlot)
            return decodeDigits(code);
        return code == missingCode ? missing() : m_whole[code & ((1u << digitBits) - 1)];
    }
    /// The code that stores a value, keeping it whole when it has no code of its own (and the
    /// column float or wide when whole values are common).
    quint32 codeFor(double value);
    void setCell(size_t i, double value);
    void pushCell(double value);
    /// Every value whole from now on: as floats where each is exactly one, else as doubles.
    void makeWhole();
    void makeWide();

    double sparseAt(size_t point) const;
    void setSlow(size_t point, double value);
    void makeSparse();

    bool m_sparse = false;
    bool m_wide = false; ///< every value whole, in m_whole (m_codes unused)
    bool m_floats = false; ///< every code a floatCode() (m_whole unused)
    size_t m_first = 0; ///< dense: the point of the first cell
    size_t m_gaps = 0; ///< dense: cells of the span that hold missing()
    std::vector<quint32> m_codes; ///< dense: one per point of the span; sparse: one per entry of m_points
    std::vector<double> m_whole; ///< values without a code (or all values, when m_wide)
    std::vector<int> m_points; ///< sparse: ascending points
};
