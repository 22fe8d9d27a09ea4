#include "server/net/servermetrics.h"

#include <cmath>

namespace gifscan::server {

namespace {
// A label value as the format escapes it: backslash, quote, newline.
QString escaped(QString value)
{
    value.replace(u'\\', QStringLiteral("\\\\"));
    value.replace(u'"', QStringLiteral("\\\""));
    value.replace(u'\n', QStringLiteral("\\n"));
    return value;
}

QString sampleText(double v)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    return QString::number(v, 'g', 15);
}

QString family(const QString &name, const QString &help, const char *type)
{
    return QStringLiteral("# HELP %1 %2\n# TYPE %1 %3\n").arg(name, help, QLatin1String(type));
}
} // namespace

void ServerMetrics::request(const QString &server, const QString &route, int status, double seconds)
{
    ++m_requests[{server, route, status}];
    Latency &l = m_latency[{server, route}];
    ++l.count;
    l.sum += seconds;
    for (std::size_t i = 0; i < kBuckets.size(); ++i)
        if (seconds <= kBuckets[i])
            ++l.buckets[i];
}

void ServerMetrics::gauge(const QString &name, const QString &help, std::function<double()> read,
                          const QString &labels)
{
    m_gauges.push_back({"gauge", QStringLiteral("gifscan_") + name, help, labels, std::move(read)});
}

void ServerMetrics::counter(const QString &name, const QString &help, std::function<double()> read,
                            const QString &labels)
{
    m_gauges.push_back(
        {"counter", QStringLiteral("gifscan_") + name, help, labels, std::move(read)});
}

QByteArray ServerMetrics::render() const
{
    QString out =
        family(QStringLiteral("gifscan_http_requests_total"),
               QStringLiteral("Requests answered, by server, route and status."), "counter");
    for (const auto &[key, count] : m_requests) {
        const auto &[server, route, status] = key;
        out += QStringLiteral(
                   "gifscan_http_requests_total{server=\"%1\",route=\"%2\",status=\"%3\"} %4\n")
                   .arg(escaped(server), escaped(route))
                   .arg(status)
                   .arg(count);
    }
    out += family(QStringLiteral("gifscan_http_request_duration_seconds"),
                  QStringLiteral("Time to answer a request, by server and route."), "histogram");
    for (const auto &[key, l] : m_latency) {
        const QString labels = QStringLiteral("server=\"%1\",route=\"%2\"")
                                   .arg(escaped(key.first), escaped(key.second));
        for (std::size_t i = 0; i < kBuckets.size(); ++i)
            out += QStringLiteral("gifscan_http_request_duration_seconds_bucket{%1,le=\"%2\"} %3\n")
                       .arg(labels, sampleText(kBuckets[i]))
                       .arg(l.buckets[i]);
        out += QStringLiteral("gifscan_http_request_duration_seconds_bucket{%1,le=\"+Inf\"} %2\n")
                   .arg(labels)
                   .arg(l.count);
        out += QStringLiteral("gifscan_http_request_duration_seconds_sum{%1} %2\n")
                   .arg(labels, sampleText(l.sum));
        out += QStringLiteral("gifscan_http_request_duration_seconds_count{%1} %2\n")
                   .arg(labels)
                   .arg(l.count);
    }
    // A family's HELP and TYPE once, before its first gauge.
    QString last;
    for (const Gauge &g : m_gauges) {
        if (g.name != last)
            out += family(g.name, g.help, g.type);
        last = g.name;
        out += g.labels.isEmpty() ? g.name : QStringLiteral("%1{%2}").arg(g.name, g.labels);
        out += u' ' + sampleText(g.read()) + u'\n';
    }
    return out.toUtf8();
}

} // namespace gifscan::server
