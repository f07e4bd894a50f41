#pragma once

// Writes msprobe training-state monitor output for tests (issue #27) in the layouts msprobe
// documents: v1 per-rank folders "{time}-rank{N}-{id}/{prefix}_{start}-{end}.csv" (header
// vpp_stage,name,step,[micro_step],<stats>), the v2 layout "rank_N/{kind}_step{start}-{end}.csv",
// and anomaly_detected/rank{N}/anomaly.json. Two runs of one spec share a "true" trajectory per
// rank, prefix, module and statistic; each run puts its own multiplicative noise on every value,
// and run B may carry a departure: one module's grad_reduced (v2: weight_grad) norm scaled by
// plantFactor from plantStep on. Box-Muller over a splitmix64 stream, so a seed writes the same
// bytes with any standard library.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <cmath>
#include <cstdint>

struct MonitorGenSpec
{
    int ranks = 2;
    int modules = 24;
    int steps = 200;
    int stepsPerFile = 10;
    quint64 seed = 1;
    double noise = 0.01; // relative, per value and run
    bool v2 = false;
    QStringList prefixes = {QStringLiteral("actv"),
                            QStringLiteral("actv_grad"),
                            QStringLiteral("grad_reduced"),
                            QStringLiteral("grad_unreduced"),
                            QStringLiteral("param_origin"),
                            QStringLiteral("param_updated"),
                            QStringLiteral("exp_avg"),
                            QStringLiteral("exp_avg_sq")};
    QStringList stats = {QStringLiteral("norm"),
                         QStringLiteral("min"),
                         QStringLiteral("max"),
                         QStringLiteral("mean"),
                         QStringLiteral("nans")};
    // The plant (run B only): -1 for none. plantRank -1: every rank.
    int plantStep = -1;
    int plantModule = -1;
    int plantRank = -1;
    double plantFactor = 1.3;
    bool anomalies = true;
};

class MonitorGenRandom
{
public:
    explicit MonitorGenRandom(quint64 seed)
        : m_state(seed)
    {}
    quint64 next()
    {
        quint64 z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
    double normal()
    {
        const double u1 = std::max(uniform(), 1e-300);
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

private:
    quint64 m_state;
};

inline QString monitorGenModuleName(int m)
{
    static const char *const parts[] = {"self_attention.linear_qkv",
                                        "self_attention.linear_proj",
                                        "mlp.linear_fc1",
                                        "mlp.linear_fc2"};
    return QStringLiteral("layers.%1.%2.weight").arg(m / 4).arg(QLatin1StringView(parts[m % 4]));
}

// The v2 file kind a v1 prefix is written as.
inline QString monitorGenV2Kind(const QString &prefix)
{
    if (prefix == u"actv" || prefix == u"actv_grad")
        return QStringLiteral("module");
    if (prefix.startsWith(u"grad_"))
        return QStringLiteral("weight_grad");
    if (prefix.startsWith(u"exp_avg"))
        return QStringLiteral("optimizer");
    return QStringLiteral("param");
}

// The "true" value both runs share.
inline double monitorGenTruth(const MonitorGenSpec &spec, int rank, int p, int m, int s, int step)
{
    const double base = 0.05 + 0.9 * double((m * 7919 + p * 104729 + rank * 13) % 1000) / 1000.0;
    const double decay = 1.0 + 0.5 * std::exp(-step / 50.0);
    const double wave = 1.0 + 0.05 * std::sin(step / 7.0 + m + p);
    const double norm = base * decay * wave * (1 + 0.1 * rank);
    switch (s % 5) {
    case 0:
        return norm;
    case 1:
        return -0.3 * norm;
    case 2:
        return 0.3 * norm;
    case 3:
        return 0.01 * norm * (1.5 + std::sin(m + step / 13.0));
    default:
        return 0.0; // nans
    }
    Q_UNUSED(spec);
}

// Writes run 0 (A) or 1 (B) of spec under dir; returns false if a file could not be written.
inline bool writeMonitorRun(const QString &dir, const MonitorGenSpec &spec, int run)
{
    MonitorGenRandom rng(spec.seed * 2654435761ull + quint64(run) * 97 + 1);
    QDir().mkpath(dir);
    for (int r = 0; r < spec.ranks; ++r) {
        const QString rankDir =
            spec.v2 ? dir + QStringLiteral("/rank_%1").arg(r)
                    : dir + QStringLiteral("/Nov28_13-20-02-rank%1-gen%2").arg(r).arg(spec.seed);
        QDir().mkpath(rankDir);
        for (int p = 0; p < int(spec.prefixes.size()); ++p) {
            const QString prefix = spec.prefixes[p];
            const bool micro = prefix.startsWith(u"actv");
            const QString kind = spec.v2 ? monitorGenV2Kind(prefix) : prefix;
            // v2 folds prefixes into a kind; the second prefix of a kind would write the same
            // metric again, so it is left out.
            if (spec.v2 && p > 0 && monitorGenV2Kind(spec.prefixes[p - 1]) == kind)
                continue;
            for (int first = 0; first < spec.steps; first += spec.stepsPerFile) {
                const int last = std::min(spec.steps, first + spec.stepsPerFile) - 1;
                const QString name =
                    spec.v2 ? QStringLiteral("%1_step%2-%3.csv") : QStringLiteral("%1_%2-%3.csv");
                QFile f(rankDir + u'/' +
                        name.arg(kind).arg(first).arg(first + spec.stepsPerFile - 1));
                if (!f.open(QIODevice::WriteOnly))
                    return false;
                QByteArray text = micro ? "vpp_stage,name,step,micro_step" : "vpp_stage,name,step";
                for (const QString &st : spec.stats)
                    text += ',' + st.toLatin1();
                text += ",shape,dtype\n";
                for (int step = first; step <= last; ++step)
                    for (int m = 0; m < spec.modules; ++m) {
                        text += "0," + monitorGenModuleName(m).toLatin1() + ',' +
                                QByteArray::number(step) + (micro ? ",0" : "");
                        for (int s = 0; s < int(spec.stats.size()); ++s) {
                            double v = monitorGenTruth(spec, r, p, m, s, step);
                            if (s % 5 != 4)
                                v *= 1.0 + spec.noise * rng.normal();
                            const bool planted = run == 1 && spec.plantStep >= 0 &&
                                                 step >= spec.plantStep && m == spec.plantModule &&
                                                 (spec.plantRank < 0 || spec.plantRank == r) &&
                                                 prefix == u"grad_reduced" &&
                                                 spec.stats[s] == u"norm";
                            if (planted)
                                v *= spec.plantFactor;
                            text += ',' + QByteArray::number(v, 'g', 8);
                        }
                        text += ",\"[4096, 4096]\",torch.bfloat16\n";
                    }
                if (f.write(text) != text.size())
                    return false;
            }
        }
        if (spec.anomalies) {
            const QString adir = dir + QStringLiteral("/anomaly_detected/rank%1").arg(r);
            QDir().mkpath(adir);
            QFile f(adir + QStringLiteral("/anomaly.json"));
            if (!f.open(QIODevice::WriteOnly))
                return false;
            QByteArray json = "{\n";
            // A few AnomalyTurbulence reports at seeded steps, as msprobe's rules give in any run.
            for (int i = 0; i < 3; ++i) {
                const int step = int(rng.next() % quint64(spec.steps));
                const int m = int(rng.next() % quint64(spec.modules));
                const QByteArray tag = "0:" + monitorGenModuleName(m).toLatin1() + "/rank" +
                                       QByteArray::number(r) + "/exp_avg";
                json += "  \"" + tag + "_step_" + QByteArray::number(step) + "_call_" +
                        QByteArray::number(i) + "\": {\"rank\": " + QByteArray::number(r) +
                        ", \"step\": " + QByteArray::number(step) +
                        ", \"micro_step\": 0, \"pp_stage\": 0, \"vpp_stage\": 0, \"call_id\": " +
                        QByteArray::number(i) + ", \"tag_name\": \"" + tag +
                        "\", \"message\": \"Rule AnomalyTurbulence reports anomaly signal in ('" +
                        tag + "', 'norm') at step " + QByteArray::number(step) +
                        ".\", \"group_mates\": [0, 1]}" + (i < 2 ? ",\n" : "\n");
            }
            json += "}\n";
            if (f.write(json) != json.size())
                return false;
        }
    }
    return true;
}
