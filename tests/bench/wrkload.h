#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <cstddef>
#include <vector>

// bench_indexer's load: wrk (Debian's) sends the requests, one process a
// server, so that the load's own processor time is not the benchmark's
// process's (docs/BENCHMARKS.md), and /proc says what the answering
// processes spent. Called from the benchmark's thread; blocks it.
namespace gifscan::test {

// What a load was answered: per second, counted, refused, how fast.
struct WrkLoad
{
    double okPerSecond = 0;
    double okRequests = 0;
    // Answers of status 400 and above: counted apart, never as answered.
    double errorResponses = 0;
    // wrk's, with its correction for requests a slow answer held back
    // (coordinated omission): not comparable with the p99 of runs before it.
    double p99Ms = 0;
    // The load generator's processor time, user and system, for each
    // request answered: wrk's making of its requests included, so an upper
    // bound.
    double clientMsPerRequest = 0;
    QString error;
};

// Requests kept `wrkConnections()` at once, spread over `urls` in turn from
// `first`, for `seconds`: answered (status below 400) per second, and the
// 99th percentile of their latency (the highest of the servers'). A GET
// each, or with `bodies` a JSON POST: bodies[0] to every URL, or each URL's
// own (as many as the URLs). One wrk a server with its share of the
// connections: QNetworkAccessManager in this process, before, spent
// 0.14-0.19 ms of the two cores a request, about what the node spends
// answering it, and held six connections a host whatever it was asked.
WrkLoad wrkLoad(const std::vector<QUrl> &urls, const std::vector<QByteArray> &bodies, int seconds,
                std::size_t first = 0);

// Connections kept open: 12 unless GIFSCAN_BENCH_CONNECTIONS says (a run by
// hand that compares with QNetworkAccessManager's six a host).
int wrkConnections();

// Processor time in milliseconds, user and system, of every process whose
// name is one of `names`, as /proc has it now: what the processes that
// answer a load spent on it, measured before and after (a ratio of
// requests a second is one run's; this is each request's cost).
double processorMs(const QStringList &names);

} // namespace gifscan::test
