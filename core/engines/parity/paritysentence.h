// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// A sentence kept as its English source and arguments: English for the CLI and the JSON,
/// translated where a person reads it in another language (report, GUI). The source is marked with
/// QT_TRANSLATE_NOOP(context, ...) where it is written (ParityCriteria's rules, ParityEngine's
/// reasons), so it is in the catalogue and translated when it is read, in the language of then.
struct ParitySentence
{
    const char *context = nullptr;
    const char *source = nullptr; ///< null: no sentence
    QStringList args;

    QString english() const;
    /// The source and each argument looked up in `context`: an argument that is itself a marked
    /// phrase there (a fairness item's label, "beyond tolerance") is translated too, any other
    /// (a number, a run's name) is not in the catalogue and stays as it is.
    QString translated() const;
};
