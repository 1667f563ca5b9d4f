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

bool isLinkToken(const QString &token)
{
    const LinkType l = LinkType::fromToken(token);
    return l.kind != LinkType::Unknown;
}

// Device-like names: GPU0, NPU7, Phy-ID12 (Atlas A3), NIC3, mlx5_0, rocep49s0 — a letter first, a
// digit last, no '='.
bool isDeviceName(const QString &token)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z][A-Za-z0-9_-]*[0-9]$"));
    return re.match(token).hasMatch() && !isLinkToken(token);
}

struct Row
{
    int line = 0;
    QString name;
    QStringList cells;
};

} // namespace

MatrixTopologyParser::MatrixTopologyParser(QString source, QStringList acceleratorPrefixes)
    : m_source(std::move(source))
    , m_prefixes(std::move(acceleratorPrefixes))
{
}

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
    const QStringList lines = cleanText(data).split(QLatin1Char('\n'));
    QStringList escaped;
    for (const QString &prefix : m_prefixes)
        escaped << QRegularExpression::escape(prefix);
    const QRegularExpression acceleratorName(QStringLiteral("^(?:%1)\\d+$").arg(escaped.join(QLatin1Char('|'))));
    const QString prefix = m_prefixes.value(0);
    const QString prefixes = m_prefixes.join(QLatin1Char('/'));
    static const QRegularExpression legendLine(QStringLiteral("^\\s*([A-Za-z#_/]+)\\s*=\\s*(.+)$"));
    static const QRegularExpression nicLegendLine(QStringLiteral("^\\s*(NIC\\d+)\\s*:\\s*(\\S+)\\s*$"));

    QStringList header; // device column names
    QStringList trailingTitles; // affinity column titles, in order
    QList<Row> rows;
    QMap<QString, QString> nicAlias;
    bool matrixDone = false;
    int headerLine = 0;

    static const QRegularExpression whitespace(QStringLiteral("\\s+"));
    for (int ln = 0; ln < lines.size(); ++ln) {
        QString line = lines.at(ln);
        // Blank lines (a capture padded with thousands of them) cost no regex work.
        if (line.trimmed().isEmpty())
            continue;
        if (const auto m = nicLegendLine.match(line); m.hasMatch()) {
            nicAlias.insert(m.captured(1), m.captured(2));
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
        const bool allHeaderish = std::all_of(tokens.begin(), tokens.end(), [](const QString &t) {
            return isDeviceName(t) || isAffinityTitle(t);
        });
        if (allHeaderish && tokens.size() >= 1 && isDeviceName(tokens.first())) {
            if (!header.isEmpty() || !rows.isEmpty()) {
                if (!matrixDone)
                    topo.warnings << QStringLiteral("line %1: a second matrix follows; only the first is read").arg(ln + 1);
                matrixDone = true;
                continue;
            }
            headerLine = ln + 1;
            for (const QString &t : tokens) {
                if (isAffinityTitle(t))
                    trailingTitles << t;
                else if (trailingTitles.isEmpty())
                    header << t;
            }
            continue;
        }
        if (matrixDone || tokens.size() < 2 || !isDeviceName(tokens.first()) || !isLinkToken(tokens.at(1)))
            continue;
        rows << Row{ln + 1, tokens.first(), tokens.mid(1)};
    }

    if (rows.isEmpty()) {
        topo.error = QStringLiteral("no %1 topology matrix found (expected a header row of %2N names and one row per device)")
                         .arg(m_source, prefixes);
        return topo;
    }

    if (std::none_of(rows.begin(), rows.end(), [&](const Row &r) { return acceleratorName.match(r.name).hasMatch(); })) {
        topo.error = QStringLiteral("no %1N rows: not a %2 capture").arg(prefixes, m_source);
        return topo;
    }
    if (header.isEmpty()) {
        // A capture cut above the matrix: infer the columns from where each row has its X.
        int columns = 0;
        for (const Row &r : rows) {
            int n = 0;
            while (n < r.cells.size() && isLinkToken(r.cells.at(n)))
                ++n;
            columns = std::max(columns, n);
        }
        header = QStringList(columns, QString());
        for (const Row &r : rows) {
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
        trailingTitles = {QStringLiteral("CPU_Affinity"), QStringLiteral("NUMA_Affinity")};
        topo.warnings << QStringLiteral("no header row: column names inferred from the rows%1")
                             .arg(inferred.isEmpty() ? QString()
                                                     : QStringLiteral(" (%1 assumed, their rows are missing)").arg(inferred.join(QStringLiteral(", "))));
    }

    const int n = header.size();
    for (const QString &name : header) {
        TopologyNode node;
        node.name = name;
        node.kind = acceleratorName.match(name).hasMatch() ? TopologyNode::Kind::Accelerator : TopologyNode::Kind::Nic;
        node.alias = nicAlias.value(name);
        topo.nodes << node;
    }
    QList<QList<bool>> seen(n, QList<bool>(n, false));
    topo.links = QList<QList<LinkType>>(n, QList<LinkType>(n, LinkType::fromToken(QStringLiteral("NA"))));
    for (const Row &r : rows) {
        const int i = header.indexOf(r.name);
        if (i < 0) {
            topo.warnings << QStringLiteral("line %1: row '%2' is not a column of the header (line %3)")
                                 .arg(r.line)
                                 .arg(r.name)
                                 .arg(headerLine);
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
            const LinkType link = LinkType::fromToken(r.cells.at(j));
            if (link.kind == LinkType::Unknown)
                topo.warnings << QStringLiteral("line %1: %2-%3 has unknown link type '%4'").arg(r.line).arg(r.name, header.at(j), link.raw);
            topo.links[i][j] = link;
            seen[i][j] = true;
        }
        // Affinity cells follow in title order; tab captures may hold empty cells, already dropped.
        const QStringList rest = r.cells.mid(n);
        for (int k = 0; k < rest.size() && k < trailingTitles.size(); ++k) {
            const QString value = rest.at(k);
            const bool na = value.compare(QLatin1String("N/A"), Qt::CaseInsensitive) == 0 || value == QLatin1String("NA");
            if (trailingTitles.at(k) == QLatin1String("CPU_Affinity"))
                node.cpuAffinity = na ? QString() : value;
            else if (trailingTitles.at(k) == QLatin1String("NUMA_Affinity")) {
                bool ok = false;
                const int numa = value.toInt(&ok);
                node.numaNode = ok ? numa : -1;
            } else
                node.gpuNumaId = value;
        }
    }
    // Partial captures miss some rows: the matrix is symmetric, so mirror what the other rows say.
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (!seen[i][j] && seen[j][i])
                topo.links[i][j] = topo.links[j][i];
            else if (!seen[i][j] && i == j)
                topo.links[i][j] = LinkType::fromToken(QStringLiteral("X"));
        }
    }
    return topo;
}
