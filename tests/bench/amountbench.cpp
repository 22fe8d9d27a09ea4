// Amount, gifscan's own 256-bit type, beside Boost.Multiprecision's checked
// cpp_int that it replaced: the operations the node and the explorer run on
// every transaction and every price shown.
#include "core/protocol/amount.h"

#include <benchmark/benchmark.h>
#include <boost/multiprecision/cpp_int.hpp>
#include <random>
#include <vector>

using namespace gifscan;

namespace {

using BoostAmount = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    256, 256, boost::multiprecision::unsigned_magnitude, boost::multiprecision::checked, void>>;

// Prices and balances as the chain has them: up to about 10^27 base units.
std::vector<std::string> sampleDecimals()
{
    std::mt19937_64 rng(7);
    std::vector<std::string> out;
    for (int i = 0; i < 256; ++i) {
        std::string digits = std::to_string(1 + rng() % 999'999'999);
        digits += std::to_string(rng() % 1'000'000'000'000'000'000ULL);
        out.push_back(digits);
    }
    return out;
}

template <typename T> T fromDecimal(const std::string &digits)
{
    if constexpr (std::is_same_v<T, Amount>)
        return *parseAmount(QString::fromStdString(digits));
    else
        return T(digits);
}

// A transfer's bookkeeping: fee = gas × price, a balance credited and then
// charged fee and value, the receiver + value; then the balance as people
// read it (quotient, remainder, digits).
template <typename T> void AmountBookkeeping(benchmark::State &state)
{
    std::vector<T> values;
    for (const auto &d : sampleDecimals())
        values.push_back(fromDecimal<T>(d));
    const T gasPrice = T(1'000'000'000ULL);
    const T one = T(1'000'000'000'000'000'000ULL);
    std::size_t i = 0;
    for (auto _ : state) {
        const T value = values[(i + 1) % values.size()] / 1000;
        const T fee = gasPrice * 21000;
        const T balance = values[i % values.size()] + fee + value;
        const T left = balance - fee - value;
        const T received = values[(i + 2) % values.size()] + value;
        const T whole = left / one;
        const T frac = left % one;
        benchmark::DoNotOptimize(received);
        benchmark::DoNotOptimize(whole.str());
        benchmark::DoNotOptimize(frac);
        ++i;
    }
}
BENCHMARK(AmountBookkeeping<Amount>)->Name("AmountBookkeeping/gifscan");
BENCHMARK(AmountBookkeeping<BoostAmount>)->Name("AmountBookkeeping/boost");

// The wire's decimal strings in and out, as the explorer and the node read
// and write them: for Boost, the code gifscan had before (a digit at a time
// into the checked type, then str()).
std::optional<BoostAmount> parseWithBoost(const QString &decimal)
{
    if (decimal.isEmpty() || decimal.size() > 78 || (decimal.size() > 1 && decimal.front() == u'0'))
        return std::nullopt;
    BoostAmount value = 0;
    try {
        for (QChar c : decimal) {
            if (c < u'0' || c > u'9')
                return std::nullopt;
            value = value * 10 + (c.unicode() - u'0');
        }
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return value;
}

template <typename T> void AmountParseAndPrint(benchmark::State &state)
{
    std::vector<QString> decimals;
    for (const auto &d : sampleDecimals())
        decimals.push_back(QString::fromStdString(d));
    std::size_t i = 0;
    for (auto _ : state) {
        const QString &text = decimals[i++ % decimals.size()];
        if constexpr (std::is_same_v<T, Amount>)
            benchmark::DoNotOptimize(amountToString(*parseAmount(text)));
        else
            benchmark::DoNotOptimize(QString::fromStdString(parseWithBoost(text)->str()));
    }
}
BENCHMARK(AmountParseAndPrint<Amount>)->Name("AmountParseAndPrint/gifscan");
BENCHMARK(AmountParseAndPrint<BoostAmount>)->Name("AmountParseAndPrint/boost");

} // namespace
