#include "tests/bench/wrkload.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <map>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>

namespace gifscan::test {

namespace {

// wrk's script: the requests of a file, a line each ("path" or "path<TAB>JSON
// body", a POST), made once and sent in turn from the line after the one its
// second argument names (wrk asks request() once before the run, to check
// it); at the end, one line of what was answered. `init` runs in the
// thread's Lua state, `done` in wrk's main one: it reads only its arguments.
constexpr const char *kWrkScript = R"lua(
local requests, count, at = {}, 0, 0
function init(args)
  for line in io.lines(args[1]) do
    local path, body = line:match("^([^\t]*)\t?(.*)$")
    count = count + 1
    if body ~= "" then
      requests[count] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
    else
      requests[count] = wrk.format("GET", path)
    end
  end
  at = tonumber(args[2]) % count
end
function request()
  at = at % count + 1
  return requests[at]
end
function done(summary, latency)
  local e = summary.errors
  io.write(string.format("answered %d %d %d %d %d\n", summary.requests, e.status,
    e.connect + e.read + e.write + e.timeout, summary.duration, latency:percentile(99)))
end
)lua";

// The processor time of this process's children that have ended and been
// waited for (each wrk, once QProcess saw it finish).
double childrenProcessorMs()
{
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

} // namespace

int wrkConnections()
{
    static const int n = qEnvironmentVariableIsSet("GIFSCAN_BENCH_CONNECTIONS")
                             ? qEnvironmentVariableIntValue("GIFSCAN_BENCH_CONNECTIONS")
                             : 12;
    return n;
}

WrkLoad wrkLoad(const std::vector<QUrl> &urls, const std::vector<QByteArray> &bodies, int seconds,
                std::size_t first)
{
    WrkLoad result;
    QTemporaryDir dir;
    QFile script(dir.filePath(QStringLiteral("load.lua")));
    if (!script.open(QIODevice::WriteOnly) || script.write(kWrkScript) < 0)
        return {.error = QStringLiteral("cannot write wrk's script")};
    script.close();
    // Each server's requests, in the order they are spread over the servers.
    std::map<QString, QByteArray> lines;
    for (std::size_t i = 0; i < urls.size(); ++i) {
        const QByteArray path = urls[i].toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
        QByteArray &to = lines[urls[i].adjusted(QUrl::RemovePath | QUrl::RemoveQuery).toString()];
        to += (path.isEmpty() ? QByteArrayLiteral("/") : path);
        if (!bodies.empty())
            to += '\t' + bodies[bodies.size() == 1 ? 0 : i];
        to += '\n';
    }
    std::vector<std::unique_ptr<QProcess>> wrks;
    const double before = childrenProcessorMs();
    for (const auto &[origin, text] : lines) {
        QFile file(dir.filePath(QStringLiteral("requests%1").arg(wrks.size())));
        // Closed (flushed) before wrk reads it.
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() ||
            (file.close(), file.error() != QFileDevice::NoError))
            return {.error = QStringLiteral("cannot write wrk's requests")};
        auto &wrk = wrks.emplace_back(std::make_unique<QProcess>());
        wrk->start(QStringLiteral("wrk"),
                   {QStringLiteral("-t1"),
                    QStringLiteral("-c%1").arg(
                        std::max(1, wrkConnections() / static_cast<int>(lines.size()))),
                    QStringLiteral("-d%1s").arg(seconds), QStringLiteral("--timeout"),
                    QStringLiteral("10s"), QStringLiteral("-s"), script.fileName(), origin,
                    QStringLiteral("--"), file.fileName(), QString::number(first / lines.size())});
    }
    double requests = 0;
    for (const auto &wrk : wrks) {
        if (!wrk->waitForFinished((seconds + 60) * 1000) ||
            wrk->exitStatus() != QProcess::NormalExit || wrk->exitCode() != 0)
            return {.error = QStringLiteral("wrk failed (scripts/setup.sh installs it): ") +
                             QString::fromUtf8(wrk->readAllStandardError())};
        const QByteArray out = wrk->readAllStandardOutput();
        // answered <requests> <status 400 and above> <socket errors and
        // timeouts> <duration µs> <p99 µs>
        const QList<QByteArray> f = out.mid(out.lastIndexOf("answered ")).trimmed().split(' ');
        if (f.size() != 6 || f.at(3).toLongLong() != 0)
            return {.error = QStringLiteral("wrk: ") + QString::fromUtf8(out)};
        const double ok = f.at(1).toDouble() - f.at(2).toDouble();
        requests += ok;
        result.errorResponses += f.at(2).toDouble();
        result.okPerSecond += ok / (f.at(4).toDouble() / 1e6);
        result.p99Ms = std::max(result.p99Ms, f.at(5).toDouble() / 1000);
    }
    result.okRequests = requests;
    if (requests > 0)
        result.clientMsPerRequest = (childrenProcessorMs() - before) / requests;
    return result;
}

double processorMs(const QStringList &names)
{
    const double tick = 1000.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
    double total = 0;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!pid.front().isDigit() || !stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < open ||
            !names.contains(QString::fromUtf8(line.mid(open + 1, close - open - 1))))
            continue;
        // After the name: state is field 3 of stat(5), utime and stime 14 and 15.
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() > 12)
            total +=
                static_cast<double>(fields.at(11).toLongLong() + fields.at(12).toLongLong()) * tick;
    }
    return total;
}

} // namespace gifscan::test
