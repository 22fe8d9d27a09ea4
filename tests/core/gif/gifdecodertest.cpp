// The GIF decoder on real-world and hand-made corner-case files.
#include "core/gif/gifdecoder.h"

#include "tests/support/testpaths.h"

#include <QElapsedTimer>
#include <QFile>
#include <gtest/gtest.h>

using namespace gifscan;

namespace {

QByteArray gif(const QString &name)
{
    QFile f(test::sharedPath(QStringLiteral("gifs/") + name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name.toStdString();
    return f.readAll();
}

// Wuffs' "naive image": magic, u32le width and height, then B,G,R,A bytes.
struct Nie
{
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;
};

Nie readNie(const QString &name)
{
    const QByteArray b = gif(name);
    Nie n;
    if (b.size() < 16 || !b.startsWith(QByteArray::fromHex("6ec3af45ff626e34")))
        return n;
    auto u32 = [&](int at) {
        return static_cast<int>(static_cast<std::uint8_t>(b[at]) |
                                static_cast<std::uint8_t>(b[at + 1]) << 8 |
                                static_cast<std::uint8_t>(b[at + 2]) << 16 |
                                static_cast<std::uint8_t>(b[at + 3]) << 24);
    };
    n.width = u32(8);
    n.height = u32(12);
    for (qsizetype i = 16; i + 3 < b.size(); i += 4) {
        n.rgba.push_back(static_cast<std::uint8_t>(b[i + 2]));
        n.rgba.push_back(static_cast<std::uint8_t>(b[i + 1]));
        n.rgba.push_back(static_cast<std::uint8_t>(b[i]));
        n.rgba.push_back(static_cast<std::uint8_t>(b[i + 3]));
    }
    return n;
}

std::array<int, 4> pixelAt(const DecodedGif &g, std::size_t frame, int x, int y)
{
    const auto *p =
        &g.frames[frame].rgba()[(static_cast<std::size_t>(y) * static_cast<std::size_t>(g.width) +
                                 static_cast<std::size_t>(x)) *
                                4];
    return {p[0], p[1], p[2], p[3]};
}

} // namespace

TEST(GifDecoder, AnimatedRedBlueMatchesTheReferenceFramesExactly)
{
    const DecodedGif g = GifDecoder::decode(gif(QStringLiteral("animated-red-blue.gif")));
    ASSERT_TRUE(g.ok()) << g.error.toStdString();
    ASSERT_EQ(g.frames.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        const Nie ref =
            readNie(QStringLiteral("animated-red-blue.%1.nie").arg(i, 6, 10, QLatin1Char('0')));
        ASSERT_EQ(ref.width, g.width);
        ASSERT_EQ(ref.height, g.height);
        EXPECT_TRUE(ref.rgba == g.frames[static_cast<std::size_t>(i)].rgba()) << "frame " << i;
    }
}

TEST(GifDecoder, RealWorldFiles)
{
    struct Case
    {
        const char *file;
        std::size_t frames;
        int width, height;
    };
    for (const Case &c :
         {Case{"muybridge.gif", 15, 0, 0}, Case{"gifplayer-muybridge.gif", 380, 472, 298},
          Case{"hat.gif", 1, 0, 0}, Case{"hippopotamus.regular.gif", 1, 0, 0},
          Case{"hippopotamus.interlaced.gif", 1, 0, 0}, Case{"pjw-thumbnail.gif", 1, 0, 0}}) {
        const DecodedGif g = GifDecoder::decode(gif(QLatin1String(c.file)));
        EXPECT_TRUE(g.ok()) << c.file << ": " << g.error.toStdString();
        EXPECT_EQ(g.frames.size(), c.frames) << c.file;
        if (c.width) {
            EXPECT_EQ(g.width, c.width);
            EXPECT_EQ(g.height, c.height);
        }
    }
}

TEST(GifDecoder, InterlacedAndRegularGiveTheSamePicture)
{
    const DecodedGif a = GifDecoder::decode(gif(QStringLiteral("hippopotamus.regular.gif")));
    const DecodedGif b = GifDecoder::decode(gif(QStringLiteral("hippopotamus.interlaced.gif")));
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_TRUE(a.frames[0].rgba() == b.frames[0].rgba());
}

TEST(GifDecoder, TruncatedFileGivesAClearErrorQuickly)
{
    QElapsedTimer t;
    t.start();
    const DecodedGif g =
        GifDecoder::decode(gif(QStringLiteral("hippopotamus.interlaced.truncated.gif")));
    EXPECT_FALSE(g.ok());
    EXPECT_FALSE(g.error.isEmpty());
    EXPECT_TRUE(g.frames.empty()) << "a damaged frame is not half-drawn";
    EXPECT_LT(t.elapsed(), 1000);
}

TEST(GifDecoder, FramesDecodedBeforeDamageAreKept)
{
    QByteArray bytes = gif(QStringLiteral("muybridge.gif"));
    bytes.truncate(bytes.size() * 2 / 3);
    const DecodedGif g = GifDecoder::decode(bytes);
    EXPECT_FALSE(g.ok());
    EXPECT_GT(g.frames.size(), 3u);
    EXPECT_LT(g.frames.size(), 15u);
}

TEST(GifDecoder, LimitsAreCheckedBeforeAllocating)
{
    // 62 bytes that declare a 65535×65535 screen.
    QByteArray huge = QByteArray::fromHex("474946383961ffffffff0000");
    huge += QByteArray(50, '\0');
    QElapsedTimer t;
    t.start();
    DecodedGif g = GifDecoder::decode(huge);
    EXPECT_FALSE(g.ok());
    EXPECT_TRUE(g.error.contains(QStringLiteral("canvas"))) << g.error.toStdString();
    EXPECT_LT(t.elapsed(), 1000);

    GifLimits few;
    few.maxFrames = 10;
    g = GifDecoder::decode(gif(QStringLiteral("muybridge.gif")), few);
    EXPECT_FALSE(g.ok());
    EXPECT_TRUE(g.error.contains(QStringLiteral("more than 10 frames"))) << g.error.toStdString();
    EXPECT_EQ(g.frames.size(), 0u) << "refused from the scan, before any frame is decoded";

    GifLimits pixels;
    pixels.maxCompositedPixels = 472 * 298 * 20;
    g = GifDecoder::decode(gif(QStringLiteral("gifplayer-muybridge.gif")), pixels);
    EXPECT_FALSE(g.ok());
    EXPECT_TRUE(g.error.contains(QStringLiteral("composited pixels"))) << g.error.toStdString();
    EXPECT_EQ(g.frames.size(), 0u);

    GifLimits small;
    small.maxInputBytes = 1000;
    EXPECT_FALSE(GifDecoder::decode(gif(QStringLiteral("hat.gif")), small).ok());
}

TEST(GifDecoder, FirstFrameFirstAndTheRestLazily)
{
    GifDecoder d(gif(QStringLiteral("gifplayer-muybridge.gif")));
    ASSERT_TRUE(d.open());
    GifFrame f;
    ASSERT_TRUE(d.readFrame(&f));
    EXPECT_EQ(d.framesRead(), 1);
    EXPECT_EQ(f.rgba().size(), 472u * 298u * 4u);
    int more = 0;
    while (d.readFrame(&f))
        ++more;
    EXPECT_EQ(more, 379);
    EXPECT_TRUE(d.atEnd());
    EXPECT_TRUE(d.error().isEmpty());
}

TEST(GifDecoder, ArtificialCornerCases)
{
    // No frames at all: an error, no crash.
    DecodedGif g = GifDecoder::decode(gif(QStringLiteral("artificial/no-frames.gif")));
    EXPECT_FALSE(g.ok());
    EXPECT_TRUE(g.frames.empty());

    // The first of several loop counts wins.
    g = GifDecoder::decode(gif(QStringLiteral("artificial/multiple-loop-counts.gif")));
    EXPECT_TRUE(g.ok()) << g.error.toStdString();
    EXPECT_EQ(g.loopCount, 50);
    EXPECT_EQ(g.frames.size(), 4u);

    // Of two graphic controls before one frame, the last one's delay applies.
    g = GifDecoder::decode(gif(QStringLiteral("artificial/multiple-graphic-controls.gif")));
    ASSERT_FALSE(g.frames.empty()) << g.error.toStdString();
    EXPECT_EQ(g.frames[0].delayMs, 300);

    // Transparent pixels of the second frame leave the first frame showing.
    g = GifDecoder::decode(gif(QStringLiteral("artificial/transparent-index.gif")));
    ASSERT_EQ(g.frames.size(), 2u) << g.error.toStdString();
    EXPECT_EQ(pixelAt(g, 1, 2, 1), pixelAt(g, 0, 2, 1));
    EXPECT_EQ(pixelAt(g, 1, 1, 1), (std::array<int, 4>{0, 0, 0xff, 255}));
    EXPECT_EQ(pixelAt(g, 1, 3, 1), (std::array<int, 4>{0, 0, 0x55, 255}));

    // Frames partly or wholly outside the canvas are clipped, not rejected.
    g = GifDecoder::decode(gif(QStringLiteral("artificial/frame-out-of-bounds.gif")));
    EXPECT_EQ(g.width, 2);
    EXPECT_EQ(g.frames.size(), 4u) << g.error.toStdString();

    // Background disposal clears the previous frame's rectangle to transparent.
    g = GifDecoder::decode(gif(QStringLiteral("artificial/background-color.gif")));
    ASSERT_GE(g.frames.size(), 2u) << g.error.toStdString();

    // Zero-sized frames and interlaced 1×1 frames decode without touching memory they do not own.
    for (const char *name :
         {"artificial/zero-width-frame.gif", "artificial/small-frame-interlaced.gif",
          "artificial/empty-palette.gif", "artificial/metadata-empty.gif",
          "artificial/metadata-full.gif", "artificial/pixel-data-none.gif",
          "artificial/pixel-data-not-enough.gif", "artificial/pixel-data-too-much-bad-lzw.gif",
          "artificial/pixel-data-too-much-good-lzw.gif"}) {
        QElapsedTimer t;
        t.start();
        const DecodedGif any = GifDecoder::decode(gif(QLatin1String(name)));
        EXPECT_TRUE(any.ok() || !any.error.isEmpty()) << name;
        EXPECT_LT(t.elapsed(), 1000) << name;
    }
    // Delays of 10 ms or less are shown as 100 ms.
    g = GifDecoder::decode(gif(QStringLiteral("artificial/metadata-full.gif")));
    for (const auto &f : g.frames)
        EXPECT_GE(f.delayMs, 20);
}

namespace {
// A GIF89a of `frames` 1x1 frames on a width x height canvas, each a valid
// LZW stream (clear, index 0, end), with `extensions` comment blocks before
// each: small files that declare large work.
QByteArray manyFrames(int width, int height, int frames, int extensions = 0)
{
    QByteArray g("GIF89a");
    g += char(width & 0xff);
    g += char(width >> 8);
    g += char(height & 0xff);
    g += char(height >> 8);
    g += QByteArray::fromHex("800000"); // global table of 2 colours
    g += QByteArray::fromHex("000000ffffff");
    for (int i = 0; i < frames; ++i) {
        for (int e = 0; e < extensions; ++e)
            g += QByteArray::fromHex("21fe01") + 'x' + QByteArray(1, '\0');
        g += QByteArray::fromHex("2c000000000100010000"); // 1x1 at 0,0, no local table
        g += QByteArray::fromHex("02024c0100");           // min code size 2: clear, 0, end
    }
    g += ';';
    return g;
}
} // namespace

// The hostile files of the issue: each refused from the scan, at open,
// with the limit named, before a frame is composited.
TEST(GifDecoder, HostileFilesAreRefusedFromTheScan)
{
    GifLimits unlimitedInput;
    unlimitedInput.maxInputBytes = 8 * 1024 * 1024;
    // 20,000 frames on a 1024x1024 canvas.
    const QByteArray many = manyFrames(1024, 1024, 20000);
    GifDecoder d(many, unlimitedInput);
    EXPECT_FALSE(d.open());
    EXPECT_TRUE(d.error().contains(QStringLiteral("more than 1000 frames")))
        << d.error().toStdString();
    // 100 frames on the same canvas: under the frame limit, over the pixels.
    GifDecoder pixels(manyFrames(1024, 1024, 100), unlimitedInput);
    EXPECT_FALSE(pixels.open());
    EXPECT_TRUE(pixels.error().contains(QStringLiteral("composited pixels")))
        << pixels.error().toStdString();
    // A run of extensions around few frames is walked, not decoded.
    const DecodedGif chatty = GifDecoder::decode(manyFrames(8, 8, 3, 2000), unlimitedInput);
    EXPECT_TRUE(chatty.ok()) << chatty.error.toStdString();
    EXPECT_EQ(chatty.frames.size(), 3u);
    // The same small file within the limits decodes.
    const DecodedGif fine = GifDecoder::decode(manyFrames(16, 16, 5));
    EXPECT_TRUE(fine.ok()) << fine.error.toStdString();
    EXPECT_EQ(fine.frames.size(), 5u);
    // Found by fuzzing: giflib reads any "GIF" signature, the scan only
    // GIF87a and GIF89a, so a "GIF88a" file went to the decoder uncounted.
    QByteArray odd = manyFrames(1024, 1024, 20000);
    odd[4] = '8';
    GifDecoder oddDecoder(odd, unlimitedInput);
    EXPECT_FALSE(oddDecoder.open());
    EXPECT_EQ(oddDecoder.error(), QStringLiteral("not a GIF87a or GIF89a file"));
}
