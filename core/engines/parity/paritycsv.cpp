// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritycsv.h"

#include "parityjson.h"

#include "core/base/io/csvtext.h"
#include "core/base/model/numbertext.h"

QByteArray ParityCsv::write(const ParityResult &result)
{
    QByteArray out = "candidate,step,baseline,candidate_value,diff,abs_err,rel_err,flags\n";
    for (const ParityResult::Candidate &c : result.candidates) {
        QByteArray name;
        CsvText::appendField(name, c.name);
        for (const ParityResult::Row &r : c.rows) {
            out += name + ',';
            NumberText::appendInteger(out, r.step);
            for (double v : {r.baseline, r.candidate, r.diff(), r.absErr(), r.relErr()}) {
                out += ',';
                CsvText::appendNumber(out, v);
            }
            out += ',';
            CsvText::appendField(out, ParityJson::flagNames(r.flags).join(QLatin1Char('|')));
            out += '\n';
        }
    }
    return out;
}
