// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "matrixtopologyparser.h"

#include <QRegularExpression>

namespace {

// Multi-word column titles are glued so that whitespace splitting keeps them whole.
const QList<QPair<QString, QString>> &affinityTitles()
{
    static const QList<QPair<QString, QString>> titles{
        {QStringLiteral("CPU Affinity"), QStringLiteral("CPU_Affinity")},
        {QStringLiteral("NUMA Affinity"), QStringLiteral("NUMA_Affinity")},
        {QStringLiteral("GPU NUMA ID"), QStringLiteral("GPU_NUMA_ID")},
    };
    return titles;
}

bool isAffinityTitle(const QString &token)
{
    for (const auto &t : affinityTitles()) {
        if (t.second == token)
            return true;
    }
    return false;
}

bool isLinkToken(const QString &token, const QList<LinkClass> &declared)
{
    const LinkType l = LinkType::fromToken(token, declared);
    return l.kind != LinkType::Unknown;
}

// Device-like names: GPU0, NPU7, Phy-ID12 (Atlas A3), NIC3, mlx5_0, rocep49s0 — a letter first, a
// digit last, no '='.
bool isDeviceName(const QString &token, const QList<LinkClass> &declared)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z][A-Za-z0-9_-]*[0-9]$"));
    return re.match(token).hasMatch() && !isLinkToken(token, declared);
}

struct Row
{
    int line = 0;
    QString name;
    QStringList cells;
};

/// What the line scan found: the header's device columns and affinity titles, the device rows, the
/// NIC legend's aliases.
struct MatrixLines
{
    QStringList header; // device column names
    QStringList trailingTitles; // affinity column titles, in order
    QList<Row> rows;
    QMap<QString, QString> nicAlias;
    int headerLine = 0;
};

/// One pass over the cleaned lines: legends go to topo.legend, the first header row and the device
/// rows under it to the result; a second matrix is reported and skipped.
MatrixLines scanLines(const QStringList &lines, const QList<LinkClass> &declared, Topology &topo)
{
    static const QRegularExpression legendLine(QStringLiteral("^\\s*([A-Za-z#_/]+)\\s*=\\s*(.+)$"));
    static const QRegularExpression nicLegendLine(QStringLiteral("^\\s*(NIC\\d+)\\s*:\\s*(\\S+)\\s*$"));
    static const QRegularExpression whitespace(QStringLiteral("\\s+"));
    MatrixLines found;
    bool matrixDone = false;
    for (int ln = 0; ln < lines.size(); ++ln) {
        QString line = lines.at(ln);
        // Blank lines (a capture padded with thousands of them) cost no regex work.
        if (line.trimmed().isEmpty())
            continue;
        if (const auto m = nicLegendLine.match(line); m.hasMatch()) {
            found.nicAlias.insert(m.captured(1), m.captured(2));
            continue;
        }
        if (const auto m = legendLine.match(line); m.hasMatch()) {
            topo.legend.insert(m.captured(1).trimmed().toUpper(), m.captured(2).trimmed());
            continue;
        }
        for (const auto &t : affinityTitles())
            line.replace(t.first, t.second);
        const QStringList tokens = line.split(whitespace, Qt::SkipEmptyParts);
        if (tokens.isEmpty())
            continue;
        const bool allHeaderish = std::all_of(tokens.begin(), tokens.end(), [&declared](const QString &t) {
            return isDeviceName(t, declared) || isAffinityTitle(t);
        });
        if (allHeaderish && tokens.size() >= 1 && isDeviceName(tokens.first(), declared)) {
            if (!found.header.isEmpty() || !found.rows.isEmpty()) {
                if (!matrixDone)
                    topo.warnings
                        << QStringLiteral("line %1: a second matrix follows; only the first is read").arg(ln + 1);
                matrixDone = true;
                continue;
            }
            found.headerLine = ln + 1;
            for (const QString &t : tokens) {
                if (isAffinityTitle(t))
                    found.trailingTitles << t;
                else if (found.trailingTitles.isEmpty())
                    found.header << t;
            }
            continue;
        }
        if (matrixDone || tokens.size() < 2 || !isDeviceName(tokens.first(), declared)
            || !isLinkToken(tokens.at(1), declared))
            continue;
        found.rows << Row{ln + 1, tokens.first(), tokens.mid(1)};
    }
    return found;
}

/// A capture cut above the matrix: infer the columns from where each row has its X; a column whose
/// row is missing too is named prefix + index and reported.
void inferHeader(MatrixLines &found, const QString &prefix, const QList<LinkClass> &declared, Topology &topo)
{
    int columns = 0;
    for (const Row &r : found.rows) {
        int n = 0;
        while (n < r.cells.size() && isLinkToken(r.cells.at(n), declared))
            ++n;
        columns = std::max(columns, n);
    }
    QStringList header(columns, QString());
    for (const Row &r : found.rows) {
        const int x = r.cells.indexOf(QStringLiteral("X"));
        if (x >= 0 && x < columns)
            header[x] = r.name;
    }
    QStringList inferred;
    for (int c = 0; c < columns; ++c) {
        if (header.at(c).isEmpty()) {
            header[c] = prefix + QString::number(c);
            inferred << header.at(c);
        }
    }
    found.header = header;
    found.trailingTitles = {QStringLiteral("CPU_Affinity"), QStringLiteral("NUMA_Affinity")};
    topo.warnings << QStringLiteral("no header row: column names inferred from the rows%1")
                         .arg(inferred.isEmpty() ? QString()
                                                 : QStringLiteral(" (%1 assumed, their rows are missing)")
                                                       .arg(inferred.join(QStringLiteral(", "))));
}

/// Affinity cells follow the links in title order; tab captures may hold empty cells, already dropped.
void readAffinity(const QStringList &cells, const QStringList &titles, TopologyNode &node)
{
    for (int k = 0; k < cells.size() && k < titles.size(); ++k) {
        const QString value = cells.at(k);
        const bool na = value.compare(QLatin1String("N/A"), Qt::CaseInsensitive) == 0 || value == QLatin1String("NA");
        if (titles.at(k) == QLatin1String("CPU_Affinity"))
            node.cpuAffinity = na ? QString() : value;
        else if (titles.at(k) == QLatin1String("NUMA_Affinity")) {
            bool ok = false;
            const int numa = value.toInt(&ok);
            node.numaNode = ok ? numa : -1;
        } else
            node.gpuNumaId = value;
    }
}

/// Fills topo.links from the rows (seen[i][j]: the capture had that cell) and each node's affinity.
void readRows(const MatrixLines &found, const QList<LinkClass> &declared, Topology &topo, QList<QList<bool>> &seen)
{
    const QStringList &header = found.header;
    const int n = header.size();
    for (const Row &r : found.rows) {
        const int i = header.indexOf(r.name);
        if (i < 0) {
            topo.warnings << QStringLiteral("line %1: row '%2' is not a column of the header (line %3)")
                                 .arg(r.line)
                                 .arg(r.name)
                                 .arg(found.headerLine);
            continue;
        }
        TopologyNode &node = topo.nodes[i];
        node.hasRow = true;
        if (r.cells.size() < n)
            topo.warnings << QStringLiteral("line %1: row %2 has %3 link cells, expected %4")
                                 .arg(r.line)
                                 .arg(r.name)
                                 .arg(r.cells.size())
                                 .arg(n);
        for (int j = 0; j < std::min<int>(n, r.cells.size()); ++j) {
            const LinkType link = LinkType::fromToken(r.cells.at(j), declared);
            if (link.kind == LinkType::Unknown)
                topo.warnings << QStringLiteral("line %1: %2-%3 has unknown link type '%4'")
                                     .arg(r.line)
                                     .arg(r.name, header.at(j), link.raw);
            topo.links[i][j] = link;
            seen[i][j] = true;
        }
        readAffinity(r.cells.mid(n), found.trailingTitles, node);
    }
}

/// Partial captures miss some rows: the matrix is symmetric, so mirror what the other rows say.
void mirrorMissingLinks(const QList<QList<bool>> &seen, Topology &topo)
{
    const int n = int(topo.nodes.size());
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (!seen[i][j] && seen[j][i])
                topo.links[i][j] = topo.links[j][i];
            else if (!seen[i][j] && i == j)
                topo.links[i][j] = LinkType::fromToken(QStringLiteral("X"));
        }
    }
}

} // namespace

MatrixTopologyParser::MatrixTopologyParser(QString source, QStringList acceleratorPrefixes,
                                           QList<LinkClass> linkClasses, QMap<QString, QString> deviceWords)
    : m_source(std::move(source))
    , m_prefixes(std::move(acceleratorPrefixes))
    , m_linkClasses(std::move(linkClasses))
    , m_deviceWords(std::move(deviceWords))
{ }

QString MatrixTopologyParser::cleanText(const QByteArray &data)
{
    static const QRegularExpression ansi(QStringLiteral("\x1b\\[[0-9;?]*[A-Za-z]"));
    QString text = QString::fromUtf8(data);
    text.remove(ansi);
    text.remove(QLatin1Char('\r'));
    return text;
}

bool MatrixTopologyParser::recognizes(const QByteArray &data) const
{
    const Topology t = parse(data);
    return t && !t.accelerators().isEmpty();
}

Topology MatrixTopologyParser::parse(const QByteArray &data) const
{
    Topology topo;
    topo.source = m_source;
    QStringList escaped;
    for (const QString &prefix : m_prefixes)
        escaped << QRegularExpression::escape(prefix);
    const QRegularExpression acceleratorName(QStringLiteral("^(?:%1)\\d+$").arg(escaped.join(QLatin1Char('|'))));
    const QString prefixes = m_prefixes.join(QLatin1Char('/'));

    MatrixLines found = scanLines(cleanText(data).split(QLatin1Char('\n')), m_linkClasses, topo);
    if (found.rows.isEmpty()) {
        topo.error
            = QStringLiteral("no %1 topology matrix found (expected a header row of %2N names and one row per device)")
                  .arg(m_source, prefixes);
        return topo;
    }
    if (std::none_of(found.rows.begin(), found.rows.end(),
                     [&](const Row &r) { return acceleratorName.match(r.name).hasMatch(); })) {
        topo.error = QStringLiteral("no %1N rows: not a %2 capture").arg(prefixes, m_source);
        return topo;
    }
    if (found.header.isEmpty())
        inferHeader(found, m_prefixes.value(0), m_linkClasses, topo);

    const int n = found.header.size();
    for (const QString &name : std::as_const(found.header)) {
        TopologyNode node;
        node.name = name;
        node.kind = acceleratorName.match(name).hasMatch() ? TopologyNode::Kind::Accelerator : TopologyNode::Kind::Nic;
        node.alias = found.nicAlias.value(name);
        for (auto it = m_deviceWords.cbegin(); it != m_deviceWords.cend(); ++it) {
            if (name.startsWith(it.key()))
                node.word = it.value();
        }
        topo.nodes << node;
    }
    QList<QList<bool>> seen(n, QList<bool>(n, false));
    topo.links = QList<QList<LinkType>>(n, QList<LinkType>(n, LinkType::fromToken(QStringLiteral("NA"))));
    readRows(found, m_linkClasses, topo, seen);
    mirrorMissingLinks(seen, topo);
    return topo;
}
