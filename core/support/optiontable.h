#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

namespace gifscan {

// A program's command line as a table, one row an option: its name, its
// words for --help, its value's name (none: a flag) and default, and how
// it sets the program's settings or refuses the value in words
// ("--port: a number from 0 to 65533"). gifscan-devnet and gifscan-indexer
// each parse with one; the options a read server shares with the node are
// the node's rows (liftedRows), so both take the same values and refuse
// with the same words. Any thread.
template <typename Settings> struct OptionRow
{
    // Sets `settings` from the value; the refusal in words, or empty.
    using Apply = std::function<QString(const QString &value, Settings &settings)>;
    const char *name;
    const char *words;
    const char *valueName; // nullptr: a flag, applied with "1" when given
    const char *defaultValue;
    Apply apply;
};

QCommandLineOption commandLineOption(const char *name, const char *words, const char *valueName,
                                     const char *defaultValue);

template <typename Settings>
QList<QCommandLineOption> commandLineOptions(const std::vector<OptionRow<Settings>> &rows)
{
    QList<QCommandLineOption> out;
    for (const OptionRow<Settings> &row : rows)
        out.append(commandLineOption(row.name, row.words, row.valueName, row.defaultValue));
    return out;
}

// Every option with a value (given or its default) and every flag given, in
// the table's order: the first refusal, or empty.
template <typename Settings>
QString applyOptionRows(const QCommandLineParser &parser,
                        const std::vector<OptionRow<Settings>> &rows, Settings &settings)
{
    for (const OptionRow<Settings> &row : rows) {
        const QString name = QString::fromLatin1(row.name);
        const bool flag = row.valueName == nullptr;
        if (flag ? !parser.isSet(name) : parser.value(name).isNull())
            continue;
        if (QString error = row.apply(flag ? QStringLiteral("1") : parser.value(name), settings);
            !error.isEmpty())
            return error;
    }
    return {};
}

// Rows of a part's settings as rows of a whole that holds that part (a read
// server's options, the node's rows, setting the indexer's `server`).
template <typename Outer, typename Inner>
std::vector<OptionRow<Outer>> liftedRows(const std::vector<OptionRow<Inner>> &rows,
                                         Inner Outer::*part)
{
    std::vector<OptionRow<Outer>> out;
    for (const OptionRow<Inner> &row : rows)
        out.push_back({row.name, row.words, row.valueName, row.defaultValue,
                       [apply = row.apply, part](const QString &value, Outer &outer) {
                           return apply(value, outer.*part);
                       }});
    return out;
}

// The values options take, read one way wherever they are taken.
// An integer, all digits, within [low, high].
std::optional<qint64> readInteger(const QString &value, qint64 low, qint64 high);
// A number above `above` and at most `atMost` (a scale, a fraction).
std::optional<double> readNumber(const QString &value, double above, double atMost);
// "R:B" (requests a second above 0, a burst of at least 1) or "off".
struct RateValue
{
    bool off = false;
    double rate = 0;
    double burst = 0;
};
std::optional<RateValue> readRate(const QString &value);

// What parse() leaves to its caller where process() would act and exit:
// --help (and --help-all, which addHelpOption adds too) and --version.
enum class AskedFor { Nothing, Help, Version };
AskedFor askedFor(const QCommandLineParser &parser);

// An integer option's row action: `words` when the value is not in range.
template <typename Settings>
typename OptionRow<Settings>::Apply integerOption(qint64 low, qint64 high, const char *words,
                                                  std::function<void(Settings &, qint64)> set)
{
    return [=](const QString &value, Settings &settings) {
        const std::optional<qint64> n = readInteger(value, low, high);
        if (!n)
            return QString::fromUtf8(words);
        set(settings, *n);
        return QString();
    };
}

// A number option's row action (readNumber): `words` when it is not above
// `above` and at most `atMost`.
template <typename Settings>
typename OptionRow<Settings>::Apply numberOption(double above, double atMost, const char *words,
                                                 std::function<void(Settings &, double)> set)
{
    return [=](const QString &value, Settings &settings) {
        const std::optional<double> n = readNumber(value, above, atMost);
        if (!n)
            return QString::fromUtf8(words);
        set(settings, *n);
        return QString();
    };
}

} // namespace gifscan
