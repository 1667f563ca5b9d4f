// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/keycolumncache.h"
#include "core/sources/logs/logformat.h"

#include <vector>

/// Megatron-LM `training_log` lines, also printed by MindSpeed-LLM, ModelLink and Megatron forks:
/// ` [2024-04-06 02:55:45] iteration  2/ 100 | key: value | ... |` with or without the timestamp
/// (or any other logger prefix, see LinePrefix), `key value |` without the colon (older Megatron),
/// segments before `iteration` (gpt-neox `samples/sec: ... | iteration ...`),
/// (microseconds since 2026), any order and subset of segments, MoE losses, the FSDP2 segments
/// (consumed tokens, tokens/s, mfu, memory); validation lines; the memory report; the argument
/// dump (seq_length, world_size). tokens/s is derived as global batch × seq_length ÷ iteration
/// time when the log lacks it.
class MegatronFormat : public LogFormat
{
public:
    MegatronFormat();

    QString name() const override { return QStringLiteral("megatron"); }
    QString displayName() const override { return QStringLiteral("Megatron-LM / MindSpeed-LLM / ModelLink"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
    bool startsIndependentPoint(QByteArrayView line) const override;

private:
    // What a column means for the tokens/s derivation, looked up once per column.
    enum class Role : quint8 { Other, GlobalBatchSize, ElapsedMs, Tokens, TokensPerDevice };
    Role roleOf(int column, ParseContext &context)
    {
        return column < int(m_roles.size()) ? m_roles[size_t(column)] : addRoles(column, context);
    }
    Role addRoles(int column, ParseContext &context);
    void parseIteration(QByteArrayView rest, QByteArrayView leading, double wallTime, ParseContext &context);
    void parseValidation(QByteArrayView rest, ParseContext &context);
    void parseMemoryReport(QByteArrayView rest, ParseContext &context);
    bool parseArgument(QByteArrayView line, ParseContext &context);

    KeyColumnCache m_keys;
    KeyColumnCache m_validationKeys;
    std::vector<Role> m_roles;
    int m_tokensColumn = -1;
    int m_tokensPerDeviceColumn = -1;
    int m_memoryColumn = -1;
};
