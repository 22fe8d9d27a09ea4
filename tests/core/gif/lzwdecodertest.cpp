// The LZW decoder against an encoder of our own (round trips) and against
// giflib (the same pixels and refusals on streams no encoder writes).
#include "core/gif/lzwdecoder.h"

#include "core/gif/gifdecoder.h"
#include "core/gif/gifstream.h"
#include "tests/support/giflibdecoder.h"
#include "tests/support/lzwencoder.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>
#include <random>

using namespace gifscan;
using gifscan::test::GiflibDecoder;
using gifscan::test::gifOfLzw;
using gifscan::test::lzwEncode;
using gifscan::test::LzwOptions;

namespace {

// Indexes back from a frame through the builder's palette (red = index).
std::vector<std::uint8_t> indexesOf(const DecodedGif &g)
{
    std::vector<std::uint8_t> out;
    if (g.frames.empty())
        return out;
    const auto &rgba = g.frames[0].rgba();
    for (std::size_t i = 0; i < rgba.size(); i += 4)
        out.push_back(rgba[i]);
    return out;
}

void expectSameAsGiflib(const QByteArray &gif, const std::string &what)
{
    const DecodedGif ours = GifDecoder::decode(gif);
    const DecodedGif ref = GiflibDecoder::decode(gif);
    ASSERT_EQ(ours.error, ref.error) << what;
    ASSERT_EQ(ours.frames.size(), ref.frames.size()) << what;
    for (std::size_t i = 0; i < ours.frames.size(); ++i)
        ASSERT_TRUE(ours.frames[i].rgba() == ref.frames[i].rgba()) << what << ", frame " << i;
}

std::vector<std::uint8_t> decodeIndexes(LzwDecoder &lzw, const QByteArray &data, int minCodeSize,
                                        std::size_t count, GifFault *fault)
{
    std::vector<std::uint8_t> out(count + LzwDecoder::kSlack);
    *fault =
        lzw.decode(reinterpret_cast<const std::uint8_t *>(data.constData()),
                   static_cast<std::size_t>(data.size()), false, minCodeSize, out.data(), count);
    out.resize(count);
    return out;
}

} // namespace

TEST(LzwDecoder, RoundTripsEncodedStreamsOnTheFastPathAtEveryCodeSize)
{
    std::mt19937 rng(6464);
    LzwDecoder lzw;
    for (int round = 0; round < 300; ++round) {
        const int minCodeSize = 2 + round % 7;
        const int w = 1 + static_cast<int>(rng() % 60), h = 1 + static_cast<int>(rng() % 60);
        const std::size_t count = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
        const auto pixels = test::patternedPixels(rng, count, 1 << minCodeSize);
        LzwOptions o;
        o.minCodeSize = minCodeSize;
        o.tableEnd =
            round % 3 == 0 ? 4095 : (1 << (minCodeSize + 1)) + 3 + static_cast<int>(rng() % 600);
        o.deferClear = round % 2 == 1;
        GifFault fault = GifFault::ImageDefect;
        const QByteArray data = lzwEncode(pixels, o);
        const auto out = decodeIndexes(lzw, data, minCodeSize, count, &fault);
        ASSERT_EQ(fault, GifFault::None) << "round " << round;
        ASSERT_EQ(out, pixels) << "round " << round;
        // The encoder follows the same reading of the specification as the
        // decoder; giflib is the judge that does not.
        expectSameAsGiflib(gifOfLzw(w, h, minCodeSize, data), "round " + std::to_string(round));
        if (HasFatalFailure())
            return;
    }
    // Every stream an encoder writes stays off the exact decoder.
    EXPECT_EQ(lzw.exactDecodes(), 0);
}

TEST(LzwDecoder, AFullTableKeptWithoutAClearDecodesAsGiflibDoes)
{
    // 200×200 noise fills 4,095 entries many times over; the encoder then
    // goes on with the table as it is (the deferred clear).
    std::mt19937 rng(7);
    std::vector<std::uint8_t> pixels(200 * 200);
    for (auto &p : pixels)
        p = static_cast<std::uint8_t>(rng() % 40);
    LzwOptions o;
    o.deferClear = true;
    const QByteArray gif = gifOfLzw(200, 200, 8, lzwEncode(pixels, o));
    const DecodedGif ours = GifDecoder::decode(gif);
    ASSERT_TRUE(ours.ok()) << ours.error.toStdString();
    EXPECT_EQ(indexesOf(ours), pixels);
    expectSameAsGiflib(gif, "deferred clear");
    // An encoder that also defines the last entry, 4095, and uses it.
    o.tableEnd = 4096;
    const QByteArray full = gifOfLzw(200, 200, 8, lzwEncode(pixels, o));
    EXPECT_EQ(indexesOf(GifDecoder::decode(full)), pixels);
    expectSameAsGiflib(full, "entry 4095 in use");
}

TEST(LzwDecoder, CodesBeyondTheTableAndEarlyEndsAreRefusedAsGiflibRefusesThem)
{
    const auto stream = [](std::initializer_list<std::pair<int, int>> codes) {
        test::LzwBits bits;
        for (const auto &[code, width] : codes)
            bits.put(code, width);
        return bits.finish();
    };
    // min code size 2: clear 4, end 5, codes of 3 bits.
    const struct
    {
        const char *what;
        QByteArray data;
        GifFault fault;
    } cases[] = {
        // giflib does not refuse every code beyond the table: this one reads
        // as the last string and the byte 2 (the low byte of giflib's "no
        // such code", 4098), and the frame is whole.
        {"a code two past the next entry", stream({{4, 3}, {1, 3}, {7, 3}, {1, 3}}),
         GifFault::None},
        {"a string code right after the clear", stream({{4, 3}, {6, 3}, {1, 3}}),
         GifFault::ImageDefect},
        {"the end code before the last pixel", stream({{4, 3}, {1, 3}, {5, 3}}),
         GifFault::EofTooSoon},
        {"data that stops before the last pixel", stream({{4, 3}, {1, 3}}), GifFault::ImageDefect},
    };
    for (const auto &c : cases) {
        LzwDecoder lzw;
        GifFault fault = GifFault::None;
        decodeIndexes(lzw, c.data, 2, 4, &fault);
        EXPECT_EQ(fault, c.fault) << c.what;
        expectSameAsGiflib(gifOfLzw(2, 2, 2, c.data), c.what);
    }
}

TEST(LzwDecoder, RandomBytesGiveGiflibsPixelsAndRefusals)
{
    // Streams no encoder writes: the exact decoder's whole reason to be.
    std::mt19937 rng(23);
    for (int round = 0; round < 3000; ++round) {
        const int minCodeSize = static_cast<int>(rng() % 9);
        const int w = 1 + static_cast<int>(rng() % 24), h = 1 + static_cast<int>(rng() % 24);
        QByteArray data(static_cast<qsizetype>(rng() % 200), '\0');
        for (char &b : data)
            b = static_cast<char>(rng() & (round % 4 == 0 ? 0x0f : 0xff));
        // Half of them start from a real stream, damaged in a few bytes.
        if (round % 2 == 0) {
            std::vector<std::uint8_t> px(static_cast<std::size_t>(w * h));
            for (auto &p : px)
                p = static_cast<std::uint8_t>(rng() % (minCodeSize >= 2 ? 1u << minCodeSize : 2u));
            LzwOptions o;
            o.minCodeSize = std::max(2, minCodeSize);
            data = lzwEncode(px, o);
            for (int k = 0; k < 3 && !data.isEmpty(); ++k)
                data[static_cast<qsizetype>(rng() % static_cast<std::size_t>(data.size()))] ^=
                    static_cast<char>(1 << (rng() % 8));
        }
        expectSameAsGiflib(
            gifOfLzw(w, h, minCodeSize, data, round % 3 == 0, 1 + static_cast<int>(rng() % 255)),
            "round " + std::to_string(round));
        if (HasFatalFailure())
            return;
    }
}

TEST(LzwDecoder, EveryFrameOfTheRealFilesStaysOnTheFastPath)
{
    // The exact decoder is for damage only: a slow path that real files
    // reached would be a speed bug the differential tests cannot see.
    const QDir dir(gifscan::test::sharedPath(QStringLiteral("gifs")));
    int frames = 0;
    LzwDecoder lzw;
    for (const QString &name : dir.entryList({QStringLiteral("*.gif")}, QDir::Files)) {
        if (name.contains(QLatin1String("truncated")))
            continue;
        QFile file(dir.filePath(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        GifStream stream(bytes);
        GifScreen screen;
        ASSERT_EQ(stream.readScreen(&screen), GifFault::None) << name.toStdString();
        GifStream::Block block = GifStream::Block::Image;
        while (block != GifStream::Block::Trailer) {
            ASSERT_EQ(stream.nextBlock(&block), GifFault::None) << name.toStdString();
            if (block == GifStream::Block::Extension) {
                int label = 0;
                ASSERT_EQ(stream.readExtensionLabel(&label), GifFault::None);
                ASSERT_EQ(stream.skipSubBlocks(), GifFault::None);
            } else if (block == GifStream::Block::Image) {
                GifImageHeader image;
                ASSERT_EQ(stream.readImageHeader(&image), GifFault::None);
                std::vector<std::uint8_t> data;
                bool cut = false;
                stream.gatherSubBlocks(&data, &cut);
                const std::size_t count =
                    static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
                std::vector<std::uint8_t> out(count + LzwDecoder::kSlack);
                EXPECT_EQ(
                    lzw.decode(data.data(), data.size(), cut, image.minCodeSize, out.data(), count),
                    GifFault::None)
                    << name.toStdString() << " frame " << frames;
                ++frames;
            }
        }
    }
    EXPECT_GE(frames, 400);
    EXPECT_EQ(lzw.exactDecodes(), 0);
}

TEST(LzwDecoder, AnLzwBombMeetsTheSameLimitsAsBefore)
{
    // A frame far larger than its canvas, from a few hundred bytes of
    // ever-longer strings of one colour: decoded up to the frame limit
    // (4 × maxCanvas²), refused past it, in giflib's decoder and ours alike.
    GifLimits limits;
    limits.maxCanvas = 256;
    for (const int side : {512, 513}) {
        const std::vector<std::uint8_t> pixels(static_cast<std::size_t>(side) * side, 3);
        const QByteArray lzw = lzwEncode(pixels);
        ASSERT_LT(lzw.size(), 1500);
        QByteArray gif = gifOfLzw(side, side, 8, lzw);
        gif[6] = 1; // a 1×1 canvas
        gif[7] = 0;
        gif[8] = 1;
        gif[9] = 0;
        const DecodedGif ours = GifDecoder::decode(gif, limits);
        const DecodedGif ref = GiflibDecoder::decode(gif, limits);
        EXPECT_EQ(ours.error, ref.error) << side;
        EXPECT_EQ(ours.frames.size(), ref.frames.size()) << side;
        if (side == 512) {
            EXPECT_TRUE(ours.ok()) << ours.error.toStdString();
            ASSERT_EQ(ours.frames.size(), 1u);
            EXPECT_EQ(ours.frames[0].rgba(), ref.frames[0].rgba());
            // The canvas shows one pixel of the 262,144: every index is
            // checked where the decoder writes it.
            LzwDecoder decoder;
            GifFault fault = GifFault::ImageDefect;
            EXPECT_EQ(decodeIndexes(decoder, lzw, 8, pixels.size(), &fault), pixels);
            EXPECT_EQ(fault, GifFault::None);
            EXPECT_EQ(decoder.exactDecodes(), 0);
            // Cut anywhere in its data, it fails where giflib fails.
            for (qsizetype cut = 800; cut < gif.size(); cut += 97)
                expectSameAsGiflib(gif.left(cut), "bomb cut at " + std::to_string(cut));
        } else {
            EXPECT_EQ(ours.error, QStringLiteral("frame 513×513 is too large"));
        }
    }
}
