#pragma once

#include "logs/logreader.h"

#include <QByteArrayView>
#include <QString>
#include <QStringList>

class IncrementalParser;

/// Reads a whole log in parallel: the first lines are parsed until the format is known, the rest
/// is cut at lines that start a point on their own (LogFormat::startsIndependentPoint) into
/// pieces that IncrementalParsers read at once on QtConcurrent, and the pieces' runs are joined
/// in order with Run::append. Each piece starts with the seq_length / world_size read before the
/// cut; a piece whose start turns out to depend on what came before (those facts changed in the
/// previous piece, or its first values complete an earlier point) is read again by the previous
/// piece's parser, so the result is always the sequential one. Formats that keep state between
/// lines, document formats and logs without such lines are read sequentially.
class ChunkedParser
{
public:
    /// The run is not yet squeezed; piecesUsed (optional) tells how many pieces were parsed apart.
    static ParseResult parse(QByteArrayView data, const QString &sourceName, const ParseOptions &options, int pieces,
                             int *piecesUsed = nullptr);

    /// The format "auto" chooses for a whole input, by a vote over its head, middle and tail
    /// (FormatRegistry::detect), and a mixed log's second format (may be empty); an empty list
    /// when none fits.
    static QStringList detectFormat(QByteArrayView data, const ParseOptions &options, const QString &sourceName);

private:
    static qsizetype findCut(const IncrementalParser &parser, QByteArrayView data, qsizetype from);
};
