// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

/// What a zip archive's central directory claims about the sizes of its records, judged before
/// libtorch's reader trusts them: PyTorchStreamReader::getRecord allocates a record's claimed
/// uncompressed size before it reads a byte, so a 2 KB `.pt` whose directory claimed 4 GB for
/// one record allocated 4 GB (found by fuzz_torchpt). Only sizes are judged; a directory this
/// cannot walk (no end record, entries out of bounds) is left to miniz, which reports it as
/// damaged.
namespace ZipDirectory {
/// torch.save stores records uncompressed; deflate cannot expand more than 1032:1.
constexpr quint64 maxDeflateRatio = 1032;

/// Names the first record whose claimed size no archive of `bytes` can hold: more compressed
/// bytes than the archive has, a stored record claiming more than it stores, beyond deflate's
/// ratio, or over `maxRecordBytes`. Empty when every claim is possible.
QString sizeError(const QByteArray &bytes, quint64 maxRecordBytes);
}
