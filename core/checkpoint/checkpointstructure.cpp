#include "checkpointstructure.h"

namespace Twinscope::Core {

CheckpointStructure
checkStructure(const Checkpoint &a, const Checkpoint &b, const ParameterMapping &mapping)
{
    CheckpointStructure s;
    auto count = [](const Checkpoint &c, qint64 *params, qint64 *trainable, int *tensors) {
        for (qsizetype i = 0; i < c.entries.size(); ++i) {
            const CheckpointEntry &e = c.entries[i];
            if (!e.twinExpected ||
                (e.role != ParameterRole::Parameter && e.role != ParameterRole::Buffer))
                continue;
            const qint64 n = c.tensors->tensors[i].numel();
            *params += n;
            ++*tensors;
            if (e.role == ParameterRole::Parameter)
                *trainable += n;
        }
    };
    count(a, &s.aParams, &s.aTrainable, &s.aTensors);
    count(b, &s.bParams, &s.bTrainable, &s.bTensors);
    for (int k = 0; k < mapping.pairs.size(); ++k) {
        const ParameterPair &p = mapping.pairs[k];
        if (a.tensors->tensors[p.a].shape == b.tensors->tensors[p.b].shape)
            continue;
        (p.reshaped ? s.reshaped : s.shapeMismatches).append(k);
    }
    s.onlyA = mapping.onlyA;
    s.onlyB = mapping.onlyB;
    return s;
}

} // namespace Twinscope::Core
