// The CLI's PNG frames, read back by an independent decoder: Qt's PNG
// reader (QtGui, linked by this test only as the oracle).
#include "core/gif/pngencoder.h"

#include "core/gif/gifdecoder.h"
#include "tests/support/testpaths.h"

#include <QFile>
#include <QImage>
#include <QRandomGenerator>
#include <gtest/gtest.h>

using namespace gifscan;

namespace {

std::vector<std::uint8_t> readBack(const QByteArray &png, int width, int height)
{
    const QImage image = QImage::fromData(png, "PNG").convertToFormat(QImage::Format_RGBA8888);
    EXPECT_EQ(image.width(), width);
    EXPECT_EQ(image.height(), height);
    std::vector<std::uint8_t> out;
    for (int y = 0; y < image.height(); ++y)
        out.insert(out.end(), image.constScanLine(y), image.constScanLine(y) + width * 4);
    return out;
}

} // namespace

TEST(PngEncoder, EveryPixelAndItsAlphaReadBackAsWritten)
{
    // Odd sizes (rows not a multiple of four bytes' worth of anything) and
    // alpha of every kind, transparent pixels keeping their colour.
    for (const auto &[width, height] : {std::pair{1, 1}, {3, 7}, {257, 5}}) {
        std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width * height * 4));
        QRandomGenerator rng(static_cast<quint32>(width * 1000 + height));
        for (std::uint8_t &b : rgba)
            b = static_cast<std::uint8_t>(rng.bounded(256));
        const std::optional<QByteArray> png = encodePng(rgba.data(), rgba.size(), width, height);
        ASSERT_TRUE(png) << width << "x" << height;
        EXPECT_TRUE(png->startsWith("\x89PNG\r\n\x1a\n"));
        EXPECT_EQ(readBack(*png, width, height), rgba) << width << "x" << height;
    }
}

TEST(PngEncoder, ADecodedGifsFramesAreItsPixels)
{
    QFile f(test::sharedPath(QStringLiteral("gifs/animated-red-blue.gif")));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const DecodedGif gif = GifDecoder::decode(f.readAll());
    ASSERT_TRUE(gif.ok()) << gif.error.toStdString();
    for (const GifFrame &frame : gif.frames) {
        const std::optional<QByteArray> png =
            encodePng(frame.rgba().data(), frame.rgba().size(), gif.width, gif.height);
        ASSERT_TRUE(png);
        EXPECT_EQ(readBack(*png, gif.width, gif.height), frame.rgba());
    }
}

TEST(PngEncoder, ACanvasSmallerThanItsSizeOrNoSizeIsRefused)
{
    const std::vector<std::uint8_t> rgba(4 * 4 * 4 - 1);
    EXPECT_FALSE(encodePng(rgba.data(), rgba.size(), 4, 4));
    EXPECT_FALSE(encodePng(rgba.data(), rgba.size(), 0, 4));
    EXPECT_FALSE(encodePng(rgba.data(), rgba.size(), 4, -1));
}
