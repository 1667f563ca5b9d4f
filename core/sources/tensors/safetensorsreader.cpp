// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/safetensorsreader.h"

#include "core/base/io/jsoninput.h"

#include "core/sources/tensors/tensordata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {

// A header larger than this is not a real safetensors file (the reference implementation caps it
// at 100 MB); the check stops a random file from being read as a huge length.
constexpr quint64 maxHeaderBytes = 100u * 1024u * 1024u;

enum class Kind { F64, F32, F16, BF16, I64, I32, I16, I8, U8 };

struct DtypeInfo
{
    const char *safetensors;
    const char *torch;
    int bytes;
    Kind kind;
};

constexpr DtypeInfo dtypes[] = {
    {"F64", "float64", 8, Kind::F64},    {"F32", "float32", 4, Kind::F32}, {"F16", "float16", 2, Kind::F16},
    {"BF16", "bfloat16", 2, Kind::BF16}, {"I64", "int64", 8, Kind::I64},   {"I32", "int32", 4, Kind::I32},
    {"I16", "int16", 2, Kind::I16},      {"I8", "int8", 1, Kind::I8},      {"U8", "uint8", 1, Kind::U8},
    {"BOOL", "bool", 1, Kind::U8},
};

const DtypeInfo *findDtype(const QString &name)
{
    for (const DtypeInfo &d : dtypes) {
        if (name == QLatin1String(d.safetensors))
            return &d;
    }
    return nullptr;
}

double halfToDouble(quint16 h)
{
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? std::nan("") : sign * HUGE_VAL;
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

double bfloat16ToDouble(quint16 b)
{
    const quint32 bits = quint32(b) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

template<typename T>
T loadLE(const char *p)
{
    return qFromLittleEndian<T>(p);
}

void decode(const char *data, qint64 count, const DtypeInfo &d, std::vector<double> &out)
{
    out.resize(size_t(count));
    for (qint64 i = 0; i < count; ++i) {
        const char *p = data + i * d.bytes;
        double v = 0;
        switch (d.kind) {
        case Kind::F64: {
            const quint64 bits = loadLE<quint64>(p);
            std::memcpy(&v, &bits, sizeof v);
            break;
        }
        case Kind::F32: {
            const quint32 bits = loadLE<quint32>(p);
            float f;
            std::memcpy(&f, &bits, sizeof f);
            v = f;
            break;
        }
        case Kind::F16: v = halfToDouble(loadLE<quint16>(p)); break;
        case Kind::BF16: v = bfloat16ToDouble(loadLE<quint16>(p)); break;
        case Kind::I64: v = double(loadLE<qint64>(p)); break;
        case Kind::I32: v = loadLE<qint32>(p); break;
        case Kind::I16: v = loadLE<qint16>(p); break;
        case Kind::I8: v = qint8(*p); break;
        case Kind::U8: v = quint8(*p); break;
        }
        out[size_t(i)] = v;
    }
}

} // namespace

namespace SafetensorsReader {

bool looksLikeSafetensors(const QByteArray &head, qint64 fileSize)
{
    if (head.size() < 9)
        return false;
    const quint64 n = qFromLittleEndian<quint64>(head.constData());
    return n >= 2 && n <= maxHeaderBytes && qint64(n) + 8 <= fileSize && head.at(8) == '{';
}

TensorFile read(const QByteArray &bytes, const QString &path)
{
    TensorFile file;
    file.path = path;
    const QString where = path.isEmpty() ? QStringLiteral("safetensors") : path;
    if (bytes.size() < 8) {
        file.error = QStringLiteral("%1: too short for a safetensors file (%2 bytes)").arg(where).arg(bytes.size());
        return file;
    }
    const quint64 headerLength = qFromLittleEndian<quint64>(bytes.constData());
    if (headerLength > maxHeaderBytes || headerLength > quint64(bytes.size() - 8)) {
        file.error = QStringLiteral("%1: header length %2 does not fit the file (%3 bytes)")
                         .arg(where)
                         .arg(headerLength)
                         .arg(bytes.size());
        return file;
    }
    QString jsonError;
    const QJsonDocument header = JsonInput::parse(QByteArrayView(bytes).sliced(8, qsizetype(headerLength)), &jsonError);
    if (!header.isObject()) {
        // The header starts at byte 8 of the file: the bytes named are the header's own.
        file.error = QStringLiteral("%1: header is not a JSON object (header %2)")
                         .arg(where, jsonError.isEmpty() ? QStringLiteral("is another JSON value") : jsonError);
        return file;
    }
    const char *data = bytes.constData() + 8 + headerLength;
    const qint64 dataSize = bytes.size() - 8 - qint64(headerLength);

    struct Entry
    {
        qint64 begin;
        TensorData tensor;
    };
    std::vector<Entry> entries;
    const QJsonObject object = header.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__"))
            continue;
        const QString field = QStringLiteral("%1: tensor '%2'").arg(where, it.key());
        const QJsonObject info = it.value().toObject();
        const DtypeInfo *dtype = findDtype(info.value(QStringLiteral("dtype")).toString());
        if (!dtype) {
            file.error = QStringLiteral("%1: unsupported dtype '%2'")
                             .arg(field, info.value(QStringLiteral("dtype")).toString());
            return file;
        }
        TensorData t;
        t.name = it.key();
        t.dtype = QLatin1String(dtype->torch);
        // Checked: a shape such as [2^31, 2^31, 2] must not wrap to a small byte count.
        qint64 count = 1;
        bool overflow = false;
        for (const QJsonValue &dim : info.value(QStringLiteral("shape")).toArray()) {
            const qint64 d = dim.isDouble() && dim.toDouble() == std::floor(dim.toDouble()) && dim.toDouble() < 9.2e18
                ? dim.toInteger(-1)
                : -1;
            if (d < 0) {
                file.error = QStringLiteral("%1: shape entry %2 is not a whole number from 0 to 2^63")
                                 .arg(field)
                                 .arg(t.shape.size() + 1);
                return file;
            }
            t.shape.append(d);
            overflow = overflow || __builtin_mul_overflow(count, d, &count);
        }
        qint64 byteCount = 0;
        if (overflow || __builtin_mul_overflow(count, qint64(dtype->bytes), &byteCount)
            || count > TensorData::maxElements) {
            file.error = QStringLiteral("%1: shape %2 has more than the %3 elements PortBench reads (docs/limits.md)")
                             .arg(field, t.shapeText())
                             .arg(TensorData::maxElements);
            return file;
        }
        const QJsonArray offsets = info.value(QStringLiteral("data_offsets")).toArray();
        const qint64 begin = offsets.size() == 2 ? offsets.at(0).toInteger(-1) : -1;
        const qint64 end = offsets.size() == 2 ? offsets.at(1).toInteger(-1) : -1;
        if (begin < 0 || end < begin || end > dataSize) {
            file.error = QStringLiteral("%1: data_offsets outside the data (%2 bytes)").arg(field).arg(dataSize);
            return file;
        }
        if (end - begin != byteCount) {
            file.error = QStringLiteral("%1: data_offsets span %2 bytes, shape %3 of %4 needs %5")
                             .arg(field)
                             .arg(end - begin)
                             .arg(t.shapeText(), t.dtype)
                             .arg(byteCount);
            return file;
        }
        decode(data + begin, count, *dtype, t.values);
        entries.push_back({begin, std::move(t)});
    }
    // QJsonObject sorts keys; the writer's order is the order of the data in the file.
    std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.begin < b.begin; });
    for (Entry &e : entries)
        file.tensors.append(std::move(e.tensor));
    return file;
}

} // namespace SafetensorsReader
