// GifDecoder and GifProbe against giflib (the decoder gifscan had before
// its own), frame by frame and pixel by pixel: every file of ../shared/gifs,
// every cut of them, and every kept input of the GIF fuzz targets.
#include "core/gif/gifdecoder.h"
#include "core/gif/gifprobe.h"
#include "tests/support/giflibdecoder.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>

using namespace gifscan;
using gifscan::test::GiflibDecoder;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList filesIn(const QString &dir, const QStringList &filters = {})
{
    QStringList out;
    const QDir d(dir);
    for (const QString &name : d.entryList(filters, QDir::Files, QDir::Name))
        out << d.filePath(name);
    return out;
}

// ../shared/gifs, and its artificial/ corner cases when asked.
QStringList sharedGifs(bool artificial)
{
    const QString shared = gifscan::test::sharedPath(QStringLiteral("gifs"));
    QStringList files = filesIn(shared, {QStringLiteral("*.gif")});
    if (artificial)
        files += filesIn(shared + QStringLiteral("/artificial"), {QStringLiteral("*.gif")});
    return files;
}

QStringList corpus()
{
    const QString fuzz = gifscan::test::testsPath(QStringLiteral("fuzz"));
    QStringList files = sharedGifs(true);
    for (const char *target : {"gif_decoder", "gif_scan"})
        for (const char *kind : {"/corpus/", "/grown/", "/regressions/"})
            files += filesIn(fuzz + QLatin1String(kind) + QLatin1String(target));
    return files;
}

// The same frames, canvases, delays, loop count and words, or the first
// difference. Frame by frame, each let go before the next, as the grid
// reads them: nothing is copied to keep it.
::testing::AssertionResult sameDecoding(const QByteArray &bytes, const GifLimits &limits)
{
    GifDecoder ours(bytes, limits);
    GiflibDecoder ref(bytes, limits);
    const bool opened = ours.open();
    if (opened != ref.open())
        return ::testing::AssertionFailure() << "one decoder opened the file, one did not";
    GifFrame a, b;
    for (int i = 0; opened; ++i) {
        const bool more = ours.readFrame(&a);
        if (more != ref.readFrame(&b))
            return ::testing::AssertionFailure() << "frame " << i << " read by one decoder only";
        if (!more)
            break;
        if (a.delayMs != b.delayMs)
            return ::testing::AssertionFailure() << "frame " << i << ": delay differs";
        if (a.rgba() != b.rgba()) {
            std::size_t at = 0;
            while (at < std::min(a.rgba().size(), b.rgba().size()) && a.rgba()[at] == b.rgba()[at])
                ++at;
            return ::testing::AssertionFailure()
                   << "frame " << i << ": pixel " << at / 4 << " differs";
        }
    }
    if (ours.error() != ref.error())
        return ::testing::AssertionFailure() << "error \"" << ours.error().toStdString()
                                             << "\", giflib \"" << ref.error().toStdString() << '"';
    if (ours.width() != ref.width() || ours.height() != ref.height() ||
        ours.loopCount() != ref.loopCount())
        return ::testing::AssertionFailure() << "canvas or loop count differ";
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult sameProbe(const QByteArray &bytes, int maxFrames)
{
    const GifProbe ours = GifProbe::inspect(bytes, maxFrames);
    const GifProbe ref = GiflibDecoder::inspect(bytes, maxFrames);
    if (ours.ok != ref.ok || ours.error != ref.error || ours.frames != ref.frames ||
        ours.canvasWidth != ref.canvasWidth || ours.canvasHeight != ref.canvasHeight)
        return ::testing::AssertionFailure()
               << "probe: \"" << ours.error.toStdString() << "\" " << ours.frames
               << " frames, giflib \"" << ref.error.toStdString() << "\" " << ref.frames;
    return ::testing::AssertionSuccess();
}

GifLimits smallLimits()
{
    GifLimits limits; // the fuzz target's
    limits.maxCanvas = 256;
    limits.maxFrames = 64;
    limits.maxCompositedPixels = 1'000'000;
    return limits;
}

} // namespace

TEST(GifDifferential, EveryFileAndKeptFuzzInputDecodesAsGiflibDecodesIt)
{
    const QStringList files = corpus();
    ASSERT_GE(files.size(), 40);
    for (const QString &path : files) {
        const QByteArray bytes = readFile(path);
        EXPECT_TRUE(sameDecoding(bytes, {})) << path.toStdString();
        EXPECT_TRUE(sameDecoding(bytes, smallLimits())) << path.toStdString();
        EXPECT_TRUE(sameProbe(bytes, 1000)) << path.toStdString();
        EXPECT_TRUE(sameProbe(bytes, 3)) << path.toStdString();
    }
}

TEST(GifDifferential, EveryCutOfEveryFileFailsOrStopsWhereGiflibDoes)
{
    // Truncated data: every length through the headers and the first
    // frames, and 200 lengths spread over the rest of each file (60 of the
    // 380-frame file, each of which decodes up to 380 frames twice).
    const QStringList files = sharedGifs(true);
    ASSERT_GE(files.size(), 8 + 15);
    for (const QString &path : files) {
        const QByteArray bytes = readFile(path);
        const qsizetype dense = std::min<qsizetype>(bytes.size(), 1500);
        const qsizetype spread = bytes.size() > 100'000 ? 60 : 200;
        const qsizetype step = std::max<qsizetype>(1, (bytes.size() - dense) / spread);
        for (qsizetype n = 0; n < bytes.size(); n += n < dense ? 1 : step) {
            const QByteArray cut = bytes.left(n);
            ASSERT_TRUE(sameDecoding(cut, {})) << path.toStdString() << " cut at " << n;
            ASSERT_TRUE(sameProbe(cut, 1000)) << path.toStdString() << " cut at " << n;
        }
    }
}

TEST(GifDifferential, FlippedBitsInEveryFileDecodeAsGiflibDecodesThem)
{
    // Bad codes and bad blocks where real files have good ones: one bit
    // flipped at a time, at a spread of places in each file.
    const QStringList files = sharedGifs(false);
    ASSERT_GE(files.size(), 8);
    for (const QString &path : files) {
        const QByteArray bytes = readFile(path);
        if (bytes.size() > 100'000)
            continue; // the 380-frame file: covered by the cuts above
        for (qsizetype at = 0; at < bytes.size(); at += 1 + bytes.size() / 300) {
            QByteArray damaged = bytes;
            damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
            ASSERT_TRUE(sameDecoding(damaged, smallLimits()))
                << path.toStdString() << " bit flipped at " << at;
            ASSERT_TRUE(sameProbe(damaged, 1000)) << path.toStdString() << " at " << at;
        }
    }
}
