// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "tfeventdecoder.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <cstring>
#include <limits>

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

namespace {

// Field numbers and enum values from TensorFlow's event.proto, summary.proto, tensor.proto,
// types.proto (see tfevent.proto).
enum EventField { kWallTime = 1, kStep = 2, kFileVersion = 3, kSummary = 5 };
enum ValueField { kTag = 1, kSimpleValue = 2, kNodeName = 7, kTensor = 8 };
enum TensorField {
    kDtype = 1,
    kShape = 2,
    kContent = 4,
    kFloatVal = 5,
    kDoubleVal = 6,
    kIntVal = 7,
    kStringVal = 8,
    kInt64Val = 10
};
enum DataType { DtFloat = 1, DtDouble = 2, DtInt32 = 3, DtString = 7, DtInt64 = 9 };

constexpr int kSummaryValue = 1;
constexpr int kShapeDim = 2;
constexpr int kDimSize = 1;

bool readView(CodedInputStream &in, QByteArrayView &out)
{
    uint32_t length = 0;
    if (!in.ReadVarint32(&length))
        return false;
    out = {};
    if (length == 0)
        return true;
    const void *data = nullptr;
    int size = 0;
    if (!in.GetDirectBufferPointer(&data, &size) || quint32(size) < length)
        return false;
    out = QByteArrayView(static_cast<const char *>(data), qsizetype(length));
    return in.Skip(int(length));
}

CodedInputStream makeStream(QByteArrayView bytes)
{
    return CodedInputStream(reinterpret_cast<const quint8 *>(bytes.data()), int(bytes.size()));
}

using Wire = WireFormatLite::WireType;

/// What a message's field handler did with one field.
enum class Field { Read, Unknown, Failed };

/// The one field loop every message here is read with: reads tags up to the end of in (or its
/// pushed limit) and hands each field number and wire type to onField, which reads the value it
/// knows and says Unknown for the rest — skipped by wire type, as protobuf does. False on a broken
/// tag, a failed read or an unskippable field.
template<typename OnField>
bool readFields(CodedInputStream &in, OnField &&onField)
{
    // ExpectAtEnd() is inline and true at the pushed limit; ReadTag() would take its slow path there.
    while (!in.ExpectAtEnd()) {
        const quint32 tag = in.ReadTag();
        if (tag == 0)
            return false;
        const Field f = onField(WireFormatLite::GetTagFieldNumber(tag), WireFormatLite::GetTagWireType(tag));
        if (f == Field::Failed || (f == Field::Unknown && !WireFormatLite::SkipField(&in, tag)))
            return false;
    }
    return true;
}

Field status(bool ok)
{
    return ok ? Field::Read : Field::Failed;
}

bool readFloat(CodedInputStream &in, double &value)
{
    uint32_t bits = 0;
    if (!in.ReadLittleEndian32(&bits))
        return false;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    value = f;
    return true;
}

bool readDouble(CodedInputStream &in, double &value)
{
    uint64_t bits = 0;
    if (!in.ReadLittleEndian64(&bits))
        return false;
    std::memcpy(&value, &bits, sizeof bits);
    return true;
}

bool readInt(CodedInputStream &in, int &value)
{
    uint32_t v = 0;
    if (!in.ReadVarint32(&v))
        return false;
    value = int(v);
    return true;
}

bool readInt64(CodedInputStream &in, qint64 &value)
{
    uint64_t v = 0;
    if (!in.ReadVarint64(&v))
        return false;
    value = qint64(v);
    return true;
}

/// Element count of a TensorShapeProto (1 for a scalar of rank 0); -1 if unreadable.
qint64 elementCount(QByteArrayView shape)
{
    CodedInputStream in = makeStream(shape);
    qint64 count = 1;
    const bool ok = readFields(in, [&](int field, Wire wire) {
        if (field != kShapeDim || wire != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
            return Field::Unknown;
        QByteArrayView dim;
        if (!readView(in, dim))
            return Field::Failed;
        CodedInputStream d = makeStream(dim);
        qint64 size = 0;
        const bool dimOk = readFields(d, [&](int dimField, Wire dimWire) {
            if (dimField != kDimSize || dimWire != WireFormatLite::WIRETYPE_VARINT)
                return Field::Unknown;
            return status(readInt64(d, size));
        });
        count *= size;
        return status(dimOk);
    });
    return ok ? count : -1;
}

/// Collects the numbers of a repeated numeric field, packed or not; count says how many were seen.
struct Numbers
{
    double first = 0;
    qint64 count = 0;
    void add(double v)
    {
        if (count++ == 0)
            first = v;
    }
};

template<typename T>
T loadLe(const char *p)
{
    T v;
    std::memcpy(&v, p, sizeof v); // event files are little endian, as is every CPU PortBench targets
    return v;
}

/// A TensorProto holding exactly one float, double or integer is a scalar (what newer writers
/// such as tf.summary and torch's SummaryWriter with new_style emit); anything else is not.
bool tensorScalar(QByteArrayView tensor, double &value)
{
    CodedInputStream in = makeStream(tensor);
    int dtype = 0;
    qint64 elements = 1;
    QByteArrayView content;
    Numbers values;
    auto readNumber = [&](CodedInputStream &s, int field) {
        double v = 0;
        qint64 i = 0;
        const bool ok = field == kFloatVal ? readFloat(s, v) : field == kDoubleVal ? readDouble(s, v) : readInt64(s, i);
        if (ok)
            values.add(field == kIntVal ? double(qint32(quint32(i))) : field == kInt64Val ? double(i) : v);
        return ok;
    };
    const bool ok = readFields(in, [&](int field, Wire wire) {
        const bool packed = wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
        const bool isFloat = field == kFloatVal;
        const bool isInt = field == kIntVal || field == kInt64Val;
        if (field == kDtype && wire == WireFormatLite::WIRETYPE_VARINT)
            return status(readInt(in, dtype));
        if (field == kShape && packed) {
            QByteArrayView shape;
            if (!readView(in, shape))
                return Field::Failed;
            elements = elementCount(shape);
            return Field::Read;
        }
        if (field == kContent && packed)
            return status(readView(in, content));
        if (!isFloat && field != kDoubleVal && !isInt)
            return Field::Unknown;
        if (packed) {
            // Packed floats and doubles are fixed-width, packed integers varints: read them all.
            QByteArrayView bytes;
            if (!readView(in, bytes) || (!isInt && bytes.size() % (isFloat ? 4 : 8) != 0))
                return Field::Failed;
            CodedInputStream s = makeStream(bytes);
            while (s.CurrentPosition() < bytes.size())
                if (!readNumber(s, field))
                    return Field::Failed;
            return Field::Read;
        }
        const Wire expected = isFloat ? WireFormatLite::WIRETYPE_FIXED32
            : isInt                   ? WireFormatLite::WIRETYPE_VARINT
                                      : WireFormatLite::WIRETYPE_FIXED64;
        return wire == expected ? status(readNumber(in, field)) : Field::Unknown;
    });
    if (!ok)
        return false;
    if (in.CurrentPosition() != int(tensor.size()) || elements != 1)
        return false;
    if (!content.isEmpty()) {
        switch (dtype) {
        case DtFloat:
            if (content.size() != 4)
                return false;
            value = loadLe<float>(content.data());
            return true;
        case DtDouble:
            if (content.size() != 8)
                return false;
            value = loadLe<double>(content.data());
            return true;
        case DtInt32:
            if (content.size() != 4)
                return false;
            value = loadLe<qint32>(content.data());
            return true;
        case DtInt64:
            if (content.size() != 8)
                return false;
            value = double(loadLe<qint64>(content.data()));
            return true;
        default: return false;
        }
    }
    if (values.count != 1 || (dtype != DtFloat && dtype != DtDouble && dtype != DtInt32 && dtype != DtInt64))
        return false;
    value = values.first;
    return true;
}

/// A TensorProto holding one DT_STRING element: a text summary.
bool tensorText(QByteArrayView tensor, QByteArrayView &text)
{
    CodedInputStream in = makeStream(tensor);
    int dtype = 0;
    int strings = 0;
    const bool ok = readFields(in, [&](int field, Wire wire) {
        if (field == kDtype && wire == WireFormatLite::WIRETYPE_VARINT)
            return status(readInt(in, dtype));
        if (field == kStringVal && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            ++strings;
            return status(readView(in, text));
        }
        return Field::Unknown;
    });
    return ok && dtype == DtString && strings == 1;
}

/// Reads one Summary.Value from in, up to its pushed limit. Nested messages are read through
/// limits on the one stream: a stream per message would cost more than the fields themselves.
bool decodeValue(CodedInputStream &in, TfEvent &event)
{
    QByteArrayView tag;
    QByteArrayView nodeName;
    QByteArrayView tensor;
    bool hasTensor = false;
    double value = 0;
    bool simple = false;
    const bool ok = readFields(in, [&](int field, Wire wire) {
        if (field == kSimpleValue && wire == WireFormatLite::WIRETYPE_FIXED32) {
            simple = true;
            return status(readFloat(in, value));
        }
        if (wire != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
            return Field::Unknown;
        switch (field) {
        case kTag: return status(readView(in, tag));
        case kNodeName: return status(readView(in, nodeName));
        case kTensor: hasTensor = true; return status(readView(in, tensor));
        default: return Field::Unknown;
        }
    });
    if (!ok)
        return false;
    if (tag.isEmpty())
        tag = nodeName; // very old writers named the value by node only, as TensorBoard accepts
    if (!simple && hasTensor && tensorScalar(tensor, value))
        simple = true;
    if (simple && !tag.isEmpty()) {
        event.scalars.push_back({tag, value});
        return true;
    }
    ++event.otherValues;
    QByteArrayView text;
    if (hasTensor && !tag.isEmpty() && tensorText(tensor, text))
        event.texts.emplace_back(tag, text);
    return true;
}

/// Reads a length-delimited submessage's length and limits in to it; end is where the enclosing
/// message ends (PushLimit would silently cap a longer length), and becomes the submessage's end.
bool pushMessage(CodedInputStream &in, CodedInputStream::Limit &limit, int &end)
{
    int length = 0;
    if (!in.ReadVarintSizeAsInt(&length))
        return false;
    const int start = in.CurrentPosition();
    if (length > end - start)
        return false;
    end = start + length;
    limit = in.PushLimit(length);
    return true;
}

} // namespace

bool TfEventDecoder::decode(QByteArrayView payload, TfEvent &event)
{
    event.clear();
    if (payload.size() > std::numeric_limits<int>::max())
        return false;
    CodedInputStream in = makeStream(payload);
    // A Summary's values are read through limits on the one stream (see decodeValue).
    auto readSummary = [&] {
        CodedInputStream::Limit summary;
        int summaryEnd = int(payload.size());
        if (!pushMessage(in, summary, summaryEnd))
            return false;
        const bool ok = readFields(in, [&](int field, Wire wire) {
            if (field != kSummaryValue || wire != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
                return Field::Unknown;
            CodedInputStream::Limit value;
            int valueEnd = summaryEnd;
            if (!pushMessage(in, value, valueEnd) || !decodeValue(in, event))
                return Field::Failed;
            in.PopLimit(value);
            return Field::Read;
        });
        in.PopLimit(summary);
        return ok;
    };
    return readFields(in, [&](int field, Wire wire) {
        if (field == kWallTime && wire == WireFormatLite::WIRETYPE_FIXED64)
            return status(readDouble(in, event.wallTime));
        if (field == kStep && wire == WireFormatLite::WIRETYPE_VARINT)
            return status(readInt64(in, event.step));
        if (field == kFileVersion && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
            return status(readView(in, event.fileVersion));
        if (field == kSummary && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
            return status(readSummary());
        return Field::Unknown;
    });
}
