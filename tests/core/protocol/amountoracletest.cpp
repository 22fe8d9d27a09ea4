// Amount against Boost.Multiprecision's checked 256-bit cpp_int, which was
// the type before: the same results, the same refusals, for operands of
// every length. Boost is the oracle here and nowhere else in the tree.
#include "core/protocol/amount.h"

#include <boost/multiprecision/cpp_int.hpp>
#include <gtest/gtest.h>
#include <random>

using namespace gifscan;

namespace {

using Oracle = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    256, 256, boost::multiprecision::unsigned_magnitude, boost::multiprecision::checked, void>>;

Oracle toOracle(const Amount &a)
{
    Oracle o = 0;
    for (int i = 3; i >= 0; --i) {
        o <<= 64;
        o |= a.limbs()[static_cast<std::size_t>(i)];
    }
    return o;
}

// Operands of every bit length, with the edges random bits rarely hit: zero,
// one, all ones, a single high bit, limbs of all ones or zeros.
Amount randomAmount(std::mt19937_64 &rng)
{
    std::array<std::uint64_t, 4> limbs{};
    const int bits = static_cast<int>(rng() % 257);
    for (std::size_t i = 0; i < 4; ++i) {
        const int lo = static_cast<int>(i) * 64;
        if (bits <= lo)
            break;
        std::uint64_t limb = rng();
        switch (rng() % 8) {
        case 0:
            limb = ~std::uint64_t{0};
            break;
        case 1:
            limb = 0;
            break;
        default:
            break;
        }
        if (bits - lo < 64)
            limb &= (std::uint64_t{1} << (bits - lo)) - 1;
        limbs[i] = limb;
    }
    if (rng() % 16 == 0)
        limbs = {0, 0, 0, 0}, limbs[rng() % 4] = std::uint64_t{1} << (rng() % 64);
    return Amount::fromLimbs(limbs);
}

enum class Outcome { Value, Overflow, Range };

template <typename F> std::pair<Outcome, std::string> run(F f)
{
    try {
        return {Outcome::Value, f()};
    } catch (const std::overflow_error &) {
        return {Outcome::Overflow, {}};
    } catch (const std::range_error &) {
        return {Outcome::Range, {}};
    }
}

} // namespace

TEST(AmountOracle, EveryOperationAgreesWithBoost)
{
    std::mt19937_64 rng(6464);
    for (int n = 0; n < 20000; ++n) {
        const Amount a = randomAmount(rng);
        const Amount b = randomAmount(rng);
        const Oracle oa = toOracle(a), ob = toOracle(b);
        SCOPED_TRACE(a.str() + " and " + b.str());
        ASSERT_EQ(a.str(), oa.str());
        ASSERT_EQ(parseAmount(QString::fromStdString(oa.str())), a);
        EXPECT_EQ(a < b, oa < ob);
        EXPECT_EQ(a == b, oa == ob);
        EXPECT_EQ(amountFromBigEndian(amountToBigEndian(a)), a);
        EXPECT_EQ(run([&] { return (a + b).str(); }), run([&] { return Oracle(oa + ob).str(); }));
        EXPECT_EQ(run([&] { return (a - b).str(); }), run([&] { return Oracle(oa - ob).str(); }));
        EXPECT_EQ(run([&] { return (a * b).str(); }), run([&] { return Oracle(oa * ob).str(); }));
        EXPECT_EQ(run([&] { return (a / b).str(); }), run([&] { return Oracle(oa / ob).str(); }));
        EXPECT_EQ(run([&] { return (a % b).str(); }), run([&] { return Oracle(oa % ob).str(); }));
        const int shift = static_cast<int>(rng() % 256);
        EXPECT_EQ(run([&] { return (a << shift).str(); }),
                  run([&] { return Oracle(oa << shift).str(); }))
            << "<< " << shift;
        EXPECT_EQ((a >> shift).str(), Oracle(oa >> shift).str()) << ">> " << shift;
        EXPECT_EQ((~a).str(), Oracle(~oa).str());
        EXPECT_DOUBLE_EQ(a.toDouble(), oa.convert_to<double>());
        EXPECT_EQ(checkedAdd(a, b).has_value(),
                  run([&] { return Oracle(oa + ob).str(); }).first == Outcome::Value);
        EXPECT_EQ(checkedMul(a, b).has_value(),
                  run([&] { return Oracle(oa * ob).str(); }).first == Outcome::Value);
    }
}

TEST(AmountOracle, SmallOperandsAgreeWithBoost)
{
    // Products and quotients where one side fits a limb: the short paths.
    std::mt19937_64 rng(18);
    for (int n = 0; n < 20000; ++n) {
        const Amount a = randomAmount(rng);
        const std::uint64_t small = rng() >> (rng() % 64);
        const Oracle oa = toOracle(a);
        SCOPED_TRACE(a.str() + " and " + std::to_string(small));
        EXPECT_EQ(run([&] { return (a * small).str(); }),
                  run([&] { return Oracle(oa * small).str(); }));
        EXPECT_EQ(run([&] { return (a / small).str(); }),
                  run([&] { return Oracle(oa / small).str(); }));
        EXPECT_EQ(run([&] { return (a % small).str(); }),
                  run([&] { return Oracle(oa % small).str(); }));
        EXPECT_EQ(a.toUint64().has_value(), oa <= std::numeric_limits<std::uint64_t>::max());
    }
}

TEST(AmountOracle, NegativeIntegersAreRefusedAsBoostRefusedThem)
{
    EXPECT_THROW(Amount(-1), std::range_error);
    EXPECT_THROW(Oracle(-1), std::range_error);
    EXPECT_EQ(Amount(std::numeric_limits<std::int64_t>::max()).str(),
              Oracle(std::numeric_limits<std::int64_t>::max()).str());
}
