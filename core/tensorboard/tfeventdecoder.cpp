#include "tfeventdecoder.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <cstring>
#include <limits>

using google::protobuf::io::CodedInputStream;
using google::protobuf::internal::WireFormatLite;

namespace {

// Field numbers and enum values from TensorFlow's event.proto, summary.proto, tensor.proto,
// types.proto (see tfevent.proto).
enum EventField { kWallTime = 1, kStep = 2, kFileVersion = 3, kSummary = 5 };
enum ValueField { kTag = 1, kSimpleValue = 2, kNodeName = 7, kTensor = 8 };
enum TensorField { kDtype = 1, kShape = 2, kContent = 4, kFloatVal = 5, kDoubleVal = 6, kIntVal = 7, kStringVal = 8, kInt64Val = 10 };
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

/// Element count of a TensorShapeProto (1 for a scalar of rank 0); -1 if unreadable.
qint64 elementCount(QByteArrayView shape)
{
    CodedInputStream in = makeStream(shape);
    qint64 count = 1;
    while (const quint32 tag = in.ReadTag()) {
        if (WireFormatLite::GetTagFieldNumber(tag) == kShapeDim
            && WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            QByteArrayView dim;
            if (!readView(in, dim))
                return -1;
            CodedInputStream d = makeStream(dim);
            qint64 size = 0;
            while (const quint32 dt = d.ReadTag()) {
                if (WireFormatLite::GetTagFieldNumber(dt) == kDimSize
                    && WireFormatLite::GetTagWireType(dt) == WireFormatLite::WIRETYPE_VARINT) {
                    uint64_t v = 0;
                    if (!d.ReadVarint64(&v))
                        return -1;
                    size = qint64(v);
                } else if (!WireFormatLite::SkipField(&d, dt)) {
                    return -1;
                }
            }
            count *= size;
        } else if (!WireFormatLite::SkipField(&in, tag)) {
            return -1;
        }
    }
    return count;
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
    while (const quint32 tag = in.ReadTag()) {
        const int field = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        const bool packed = wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
        if (field == kDtype && wire == WireFormatLite::WIRETYPE_VARINT) {
            uint32_t v = 0;
            if (!in.ReadVarint32(&v))
                return false;
            dtype = int(v);
        } else if (field == kShape && packed) {
            QByteArrayView shape;
            if (!readView(in, shape))
                return false;
            elements = elementCount(shape);
        } else if (field == kContent && packed) {
            if (!readView(in, content))
                return false;
        } else if (field == kFloatVal || field == kDoubleVal) {
            const bool isFloat = field == kFloatVal;
            const int width = isFloat ? 4 : 8;
            if (packed) {
                QByteArrayView bytes;
                if (!readView(in, bytes) || bytes.size() % width != 0)
                    return false;
                for (qsizetype i = 0; i < bytes.size(); i += width)
                    values.add(isFloat ? double(loadLe<float>(bytes.data() + i)) : loadLe<double>(bytes.data() + i));
            } else if (isFloat && wire == WireFormatLite::WIRETYPE_FIXED32) {
                uint32_t bits = 0;
                if (!in.ReadLittleEndian32(&bits))
                    return false;
                float f;
                std::memcpy(&f, &bits, sizeof f);
                values.add(f);
            } else if (!isFloat && wire == WireFormatLite::WIRETYPE_FIXED64) {
                uint64_t bits = 0;
                if (!in.ReadLittleEndian64(&bits))
                    return false;
                double d;
                std::memcpy(&d, &bits, sizeof d);
                values.add(d);
            } else if (!WireFormatLite::SkipField(&in, tag)) {
                return false;
            }
        } else if ((field == kIntVal || field == kInt64Val) && (packed || wire == WireFormatLite::WIRETYPE_VARINT)) {
            auto readOne = [&](CodedInputStream &s) {
                uint64_t v = 0;
                if (!s.ReadVarint64(&v))
                    return false;
                values.add(field == kIntVal ? double(qint32(quint32(v))) : double(qint64(v)));
                return true;
            };
            if (packed) {
                QByteArrayView bytes;
                if (!readView(in, bytes))
                    return false;
                CodedInputStream s = makeStream(bytes);
                while (s.CurrentPosition() < bytes.size())
                    if (!readOne(s))
                        return false;
            } else if (!readOne(in)) {
                return false;
            }
        } else if (!WireFormatLite::SkipField(&in, tag)) {
            return false;
        }
    }
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
        default:
            return false;
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
    while (!in.ExpectAtEnd()) {
        const quint32 tag = in.ReadTag();
        if (tag == 0)
            return false;
        const int field = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        if (field == kDtype && wire == WireFormatLite::WIRETYPE_VARINT) {
            uint32_t v = 0;
            if (!in.ReadVarint32(&v))
                return false;
            dtype = int(v);
        } else if (field == kStringVal && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!readView(in, text))
                return false;
            ++strings;
        } else if (!WireFormatLite::SkipField(&in, tag)) {
            return false;
        }
    }
    return dtype == DtString && strings == 1;
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
    // ExpectAtEnd() is inline and true at the pushed limit; ReadTag() would take its slow path there.
    while (!in.ExpectAtEnd()) {
        const quint32 t = in.ReadTag();
        if (t == 0)
            return false;
        const int field = WireFormatLite::GetTagFieldNumber(t);
        const auto wire = WireFormatLite::GetTagWireType(t);
        if (field == kTag && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!readView(in, tag))
                return false;
        } else if (field == kSimpleValue && wire == WireFormatLite::WIRETYPE_FIXED32) {
            uint32_t bits = 0;
            if (!in.ReadLittleEndian32(&bits))
                return false;
            float f;
            std::memcpy(&f, &bits, sizeof f);
            value = f;
            simple = true;
        } else if (field == kNodeName && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!readView(in, nodeName))
                return false;
        } else if (field == kTensor && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!readView(in, tensor))
                return false;
            hasTensor = true;
        } else if (!WireFormatLite::SkipField(&in, t)) {
            return false;
        }
    }
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
    while (!in.ExpectAtEnd()) {
        const quint32 tag = in.ReadTag();
        if (tag == 0)
            return false;
        const int field = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        if (field == kWallTime && wire == WireFormatLite::WIRETYPE_FIXED64) {
            uint64_t bits = 0;
            if (!in.ReadLittleEndian64(&bits))
                return false;
            std::memcpy(&event.wallTime, &bits, sizeof bits);
        } else if (field == kStep && wire == WireFormatLite::WIRETYPE_VARINT) {
            uint64_t v = 0;
            if (!in.ReadVarint64(&v))
                return false;
            event.step = qint64(v);
        } else if (field == kFileVersion && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!readView(in, event.fileVersion))
                return false;
        } else if (field == kSummary && wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            CodedInputStream::Limit summary;
            int summaryEnd = int(payload.size());
            if (!pushMessage(in, summary, summaryEnd))
                return false;
            while (!in.ExpectAtEnd()) {
                const quint32 st = in.ReadTag();
                if (st == 0)
                    return false;
                if (WireFormatLite::GetTagFieldNumber(st) == kSummaryValue
                    && WireFormatLite::GetTagWireType(st) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
                    CodedInputStream::Limit value;
                    int valueEnd = summaryEnd;
                    if (!pushMessage(in, value, valueEnd) || !decodeValue(in, event))
                        return false;
                    in.PopLimit(value);
                } else if (!WireFormatLite::SkipField(&in, st)) {
                    return false;
                }
            }
            in.PopLimit(summary);
        } else if (!WireFormatLite::SkipField(&in, tag)) {
            return false;
        }
    }
    return true;
}
