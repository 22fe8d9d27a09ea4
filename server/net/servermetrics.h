#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <array>
#include <functional>
#include <map>
#include <tuple>
#include <vector>

namespace gifscan::server {

// What an operator's Prometheus scrapes from a node or read server
// (/metrics, the text exposition format 0.0.4): requests by server, route
// and status, their latency as histograms, and gauges read when scraped
// (the head, its lag, connections, forwarded transactions). Routes are
// templates ("/v1/objects/{}/{}"), never a request's own path, so the
// series stay few whatever strangers ask. Lives on the node thread.
class ServerMetrics
{
public:
    // Upper bounds of the latency buckets, in seconds (+Inf besides).
    static constexpr std::array<double, 11> kBuckets{0.001, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                     0.25,  0.5,   1,    2.5,   5};

    void request(const QString &server, const QString &route, int status, double seconds);
    // A value read at each scrape: `name` (gifscan_ is prefixed), its help
    // and, for one of a family, its labels as `key="value"` text.
    void gauge(const QString &name, const QString &help, std::function<double()> read,
               const QString &labels = {});
    // The same for a count kept elsewhere that only grows (`name` ends in _total).
    void counter(const QString &name, const QString &help, std::function<double()> read,
                 const QString &labels = {});
    QByteArray render() const;

private:
    struct Latency
    {
        std::array<quint64, kBuckets.size()> buckets{};
        quint64 count = 0;
        double sum = 0;
    };
    struct Gauge
    {
        const char *type;
        QString name;
        QString help;
        QString labels;
        std::function<double()> read;
    };
    // (server, route, status) → count; (server, route) → latency.
    std::map<std::tuple<QString, QString, int>, quint64> m_requests;
    std::map<std::pair<QString, QString>, Latency> m_latency;
    std::vector<Gauge> m_gauges;
};

} // namespace gifscan::server
