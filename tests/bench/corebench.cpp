// core's speed, side by side with the alternative or the limit it is held to.
#include "chain/store/sparsemerkletree.h"
#include "core/crypto/sha256.h"
#include "core/gif/gifdecoder.h"
#include "core/protocol/commitments.h"
#include "core/protocol/recordcodec.h"
#include "core/verify/objectproof.h"
#include "tests/support/giflibdecoder.h"
#include "tests/support/testpaths.h"
#ifdef GIFSCAN_HAVE_WUFFS
#include "tests/bench/wuffsgif.h"
#endif

#include <QBuffer>
#include <QFile>
#include <QGuiApplication>
#include <QImageReader>
#include <QJsonArray>
#include <QMovie>
#include <algorithm>
#include <array>
#include <benchmark/benchmark.h>
#include <cstring>
#include <gif_lib.h>
#include <random>

using namespace gifscan;

namespace {

const char *const kFiles[] = {"animated-red-blue.gif",    "muybridge.gif",
                              "gifplayer-muybridge.gif",  "hat.gif",
                              "hippopotamus.regular.gif", "hippopotamus.interlaced.gif",
                              "pjw-thumbnail.gif"};

QByteArray gifFile(int i)
{
    QFile f(gifscan::test::sharedPath(QStringLiteral("gifs/")) + QLatin1String(kFiles[i]));
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

// A membership proof from a 100,000-leaf tree (about 17 siblings deep).
struct ProofFixture
{
    ObjectProof proof;
    Hash32 root{};
    QString key;
    ProofFixture()
    {
        std::mt19937_64 rng(1);
        chain::SparseMerkleTree tree;
        ProofLeaf leaf{{}, {}, {}};
        for (int i = 0; i < 100000; ++i) {
            const QString k = QStringLiteral("bench#%1").arg(i);
            leaf.owner[0] = static_cast<std::uint8_t>(i);
            tree = tree.inserted(objectKey(k),
                                 valueHash(leaf.owner, leaf.contentHash, leaf.traitsHash));
        }
        key = QStringLiteral("bench#4242");
        leaf.owner[0] = static_cast<std::uint8_t>(4242);
        proof.key = objectKey(key);
        proof.displayKey = key;
        proof.leaf = leaf;
        proof.siblings = tree.path(proof.key).siblings;
        root = tree.root();
    }
};
const ProofFixture &fixture()
{
    static const ProofFixture f;
    return f;
}

} // namespace

// The limit: 64-byte SHA-256 compressions a second on one core.
static void Sha256Of64Bytes(benchmark::State &state)
{
    std::array<std::uint8_t, 64> buf{};
    for (auto _ : state) {
        const Hash32 h = sha256(buf);
        buf[0] = h[0];
        benchmark::DoNotOptimize(h);
    }
    state.counters["hashes/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(Sha256Of64Bytes);

static void ProofVerification(benchmark::State &state)
{
    const ProofFixture &f = fixture();
    for (auto _ : state) {
        const ProofVerdict v = verifyProof(f.proof, f.key, f.root);
        if (v.kind != ProofVerdictKind::VerifiedOwner)
            state.SkipWithError("the fixture proof does not verify");
        benchmark::DoNotOptimize(v);
    }
    state.counters["proofs/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["siblings"] = static_cast<double>(f.proof.siblings.size());
}
BENCHMARK(ProofVerification);

// The GIF benchmarks also report the fastest repetition: on a shared
// machine a repetition is only ever slowed by others, never sped up.
static double fastest(const std::vector<double> &v)
{
    return *std::min_element(v.begin(), v.end());
}

// Every frame composited once, read the way QImageReader is read below:
// one frame object, reused.
template <class Decoder> static void decodeEveryFrame(benchmark::State &state)
{
    const QByteArray bytes = gifFile(static_cast<int>(state.range(0)));
    GifLimits limits;
    limits.maxInputBytes = bytes.size();
    std::int64_t frames = 0, pixels = 0;
    for (auto _ : state) {
        Decoder decoder(bytes, limits);
        decoder.open();
        GifFrame frame;
        while (decoder.readFrame(&frame)) {
            ++frames;
            pixels += static_cast<std::int64_t>(decoder.width()) * decoder.height();
            benchmark::DoNotOptimize(frame.rgba().data());
        }
    }
    state.SetLabel(kFiles[state.range(0)]);
    state.counters["frames/s"] =
        benchmark::Counter(static_cast<double>(frames), benchmark::Counter::kIsRate);
    state.counters["Mpx/s"] =
        benchmark::Counter(static_cast<double>(pixels) / 1e6, benchmark::Counter::kIsRate);
}

static void GifDecodeGifscan(benchmark::State &state)
{
    decodeEveryFrame<GifDecoder>(state);
}
BENCHMARK(GifDecodeGifscan)
    ->DenseRange(0, 6)
    ->ComputeStatistics("min", fastest)
    ->Unit(benchmark::kMillisecond);

#ifdef GIFSCAN_HAVE_WUFFS
// The fastest GIF decoder there is, as the reference (issue 47): Wuffs
// compositing every frame onto one RGBA canvas. Built only with
// -DGIFSCAN_WUFFS_C=/path/to/wuffs-v0.4.c.
static void GifDecodeWuffs(benchmark::State &state)
{
    const QByteArray bytes = gifFile(static_cast<int>(state.range(0)));
    std::int64_t frames = 0, pixels = 0;
    for (auto _ : state) {
        test::WuffsGif decoder(bytes);
        while (decoder.nextFrame()) {
            ++frames;
            pixels += static_cast<std::int64_t>(decoder.width()) * decoder.height();
            benchmark::DoNotOptimize(decoder.canvas());
        }
        if (decoder.error())
            state.SkipWithError(decoder.error());
    }
    state.SetLabel(kFiles[state.range(0)]);
    state.counters["frames/s"] =
        benchmark::Counter(static_cast<double>(frames), benchmark::Counter::kIsRate);
    state.counters["Mpx/s"] =
        benchmark::Counter(static_cast<double>(pixels) / 1e6, benchmark::Counter::kIsRate);
}
BENCHMARK(GifDecodeWuffs)
    ->DenseRange(0, 6)
    ->ComputeStatistics("min", fastest)
    ->Unit(benchmark::kMillisecond);
#endif

// The decoder gifscan had before its own: giflib's blocks and LZW
// (DGifGetLine of a whole frame, what DGifSlurp calls) and the former
// compositing.
static void GifDecodeGiflib(benchmark::State &state)
{
    decodeEveryFrame<test::GiflibDecoder>(state);
}
BENCHMARK(GifDecodeGiflib)
    ->DenseRange(0, 6)
    ->ComputeStatistics("min", fastest)
    ->Unit(benchmark::kMillisecond);

namespace {
// Composites DGifSlurp's frames as GifDecoder does: disposal of the frame
// before, a 256-word palette table, transparent pixels left alone; the
// frame is handed on as the canvas (the loop lets go of it each time).
void compositeSlurped(const GifFileType *gif, std::vector<std::uint8_t> *canvas)
{
    const int w = gif->SWidth, h = gif->SHeight;
    canvas->assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    std::vector<std::uint8_t> before;
    int lastDisposal = DISPOSAL_UNSPECIFIED;
    GifImageDesc lastRect{};
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage &image = gif->SavedImages[i];
        const GifImageDesc &r = image.ImageDesc;
        GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB(const_cast<GifFileType *>(gif), i, &gcb);
        const auto clip = [](int from, int length, int limit) {
            return std::pair{std::clamp(from, 0, limit), std::clamp(from + length, 0, limit)};
        };
        if (lastDisposal == DISPOSE_BACKGROUND) {
            const auto [x0, x1] = clip(lastRect.Left, lastRect.Width, w);
            const auto [y0, y1] = clip(lastRect.Top, lastRect.Height, h);
            for (int y = y0; y < y1 && x0 < x1; ++y)
                std::memset(canvas->data() + (static_cast<std::size_t>(y) * w + x0) * 4, 0,
                            static_cast<std::size_t>(x1 - x0) * 4);
        } else if (lastDisposal == DISPOSE_PREVIOUS && !before.empty()) {
            *canvas = before;
        }
        if (gcb.DisposalMode == DISPOSE_PREVIOUS)
            before = *canvas;
        const ColorMapObject *map = r.ColorMap ? r.ColorMap : gif->SColorMap;
        std::array<std::uint32_t, 256> table{};
        for (int c = 0; map && c < std::min(map->ColorCount, 256); ++c) {
            const std::uint8_t rgba[4] = {map->Colors[c].Red, map->Colors[c].Green,
                                          map->Colors[c].Blue, 255};
            std::memcpy(&table[static_cast<std::size_t>(c)], rgba, 4);
        }
        if (gcb.TransparentColor >= 0)
            table[static_cast<std::size_t>(gcb.TransparentColor)] = 0;
        const auto [x0, x1] = clip(r.Left, r.Width, w);
        const auto [y0, y1] = clip(r.Top, r.Height, h);
        for (int y = y0; y < y1; ++y) {
            const GifByteType *src =
                image.RasterBits + static_cast<std::size_t>(y - r.Top) * r.Width + (x0 - r.Left);
            std::uint8_t *dst = canvas->data() + (static_cast<std::size_t>(y) * w + x0) * 4;
            for (int x = x0; x < x1; ++x, ++src, dst += 4)
                if (const std::uint32_t word = table[*src])
                    std::memcpy(dst, &word, 4);
        }
        benchmark::DoNotOptimize(canvas->data());
        lastDisposal = gcb.DisposalMode;
        lastRect = r;
    }
}
} // namespace

// giflib's whole-file DGifSlurp, then every frame composited as ours are
// (the second argument 1), or composited not at all (0): what giflib's
// LZW costs by itself, a floor no giflib-based decoder goes under.
static void GifSlurpGiflib(benchmark::State &state)
{
    const QByteArray bytes = gifFile(static_cast<int>(state.range(0)));
    const bool composite = state.range(1) != 0;
    std::int64_t frames = 0, pixels = 0;
    std::vector<std::uint8_t> canvas;
    for (auto _ : state) {
        test::GiflibInput input{&bytes};
        int err = 0;
        GifFileType *gif = test::openGiflib(&input, &err);
        if (!gif || DGifSlurp(gif) == GIF_ERROR) {
            state.SkipWithError("giflib refused the file");
            return;
        }
        if (composite)
            compositeSlurped(gif, &canvas);
        frames += gif->ImageCount;
        pixels += static_cast<std::int64_t>(gif->ImageCount) * gif->SWidth * gif->SHeight;
        benchmark::DoNotOptimize(gif->SavedImages);
        DGifCloseFile(gif, &err);
    }
    state.SetLabel(QStringLiteral("%1%2")
                       .arg(QLatin1String(kFiles[state.range(0)]),
                            composite ? QString() : QStringLiteral(", not composited"))
                       .toStdString());
    state.counters["frames/s"] =
        benchmark::Counter(static_cast<double>(frames), benchmark::Counter::kIsRate);
    state.counters["Mpx/s"] =
        benchmark::Counter(static_cast<double>(pixels) / 1e6, benchmark::Counter::kIsRate);
}
BENCHMARK(GifSlurpGiflib)
    ->ArgsProduct({benchmark::CreateDenseRange(0, 6, 1), {1, 0}})
    ->ComputeStatistics("min", fastest)
    ->Unit(benchmark::kMillisecond);

static void GifDecodeQImageReader(benchmark::State &state)
{
    QByteArray bytes = gifFile(static_cast<int>(state.range(0)));
    std::int64_t frames = 0, pixels = 0;
    for (auto _ : state) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "gif");
        QImage image;
        while (reader.read(&image)) {
            ++frames;
            pixels += static_cast<std::int64_t>(image.width()) * image.height();
            benchmark::DoNotOptimize(image.constBits());
        }
    }
    state.SetLabel(kFiles[state.range(0)]);
    state.counters["frames/s"] =
        benchmark::Counter(static_cast<double>(frames), benchmark::Counter::kIsRate);
    state.counters["Mpx/s"] =
        benchmark::Counter(static_cast<double>(pixels) / 1e6, benchmark::Counter::kIsRate);
}
BENCHMARK(GifDecodeQImageReader)
    ->DenseRange(0, 6)
    ->ComputeStatistics("min", fastest)
    ->Unit(benchmark::kMillisecond);

static void GifDecodeQMovie(benchmark::State &state)
{
    QByteArray bytes = gifFile(static_cast<int>(state.range(0)));
    std::int64_t frames = 0, pixels = 0;
    for (auto _ : state) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::ReadOnly);
        QMovie movie(&buffer, "gif");
        for (int i = 0; i < movie.frameCount() && movie.jumpToFrame(i); ++i) {
            ++frames;
            const QImage image = movie.currentImage();
            pixels += static_cast<std::int64_t>(image.width()) * image.height();
            benchmark::DoNotOptimize(image.constBits());
        }
    }
    state.SetLabel(kFiles[state.range(0)]);
    state.counters["frames/s"] =
        benchmark::Counter(static_cast<double>(frames), benchmark::Counter::kIsRate);
    state.counters["Mpx/s"] =
        benchmark::Counter(static_cast<double>(pixels) / 1e6, benchmark::Counter::kIsRate);
}
BENCHMARK(GifDecodeQMovie)
    ->DenseRange(0, 6)
    ->ComputeStatistics("min", fastest)
    ->Unit(benchmark::kMillisecond);

static void MemoryOfDecoded380FrameGif(benchmark::State &state)
{
    const QByteArray bytes = gifFile(2);
    for (auto _ : state) {
        const DecodedGif g = GifDecoder::decode(bytes);
        std::size_t total = 0;
        for (const auto &f : g.frames)
            total += f.rgba().capacity();
        state.counters["frames"] = static_cast<double>(g.frames.size());
        state.counters["MiB"] = static_cast<double>(total) / (1024.0 * 1024.0);
        state.counters["input_KiB"] = static_cast<double>(bytes.size()) / 1024.0;
    }
}
BENCHMARK(MemoryOfDecoded380FrameGif)->Iterations(1)->Unit(benchmark::kMillisecond);

static QByteArray hundredBlockPage()
{
    QJsonArray data;
    std::mt19937_64 rng(3);
    auto hex = [&](int bytes) {
        Bytes b(static_cast<std::size_t>(bytes));
        for (auto &x : b)
            x = static_cast<std::uint8_t>(rng());
        return toHexString(b);
    };
    for (int i = 0; i < 100; ++i)
        data.append(QJsonObject{{QStringLiteral("height"), 1000 - i},
                                {QStringLiteral("hash"), hex(32)},
                                {QStringLiteral("parentHash"), hex(32)},
                                {QStringLiteral("timestamp"), 1795000000 + i},
                                {QStringLiteral("proposer"), hex(20)},
                                {QStringLiteral("objectRoot"), hex(32)},
                                {QStringLiteral("txRoot"), hex(32)},
                                {QStringLiteral("txCount"), 3}});
    return QJsonDocument(QJsonObject{{QStringLiteral("data"), data},
                                     {QStringLiteral("cursor"), QStringLiteral("x")},
                                     {QStringLiteral("height"), 1000}})
        .toJson(QJsonDocument::Compact);
}

static void JsonParseOnly100Blocks(benchmark::State &state)
{
    const QByteArray page = hundredBlockPage();
    for (auto _ : state)
        benchmark::DoNotOptimize(QJsonDocument::fromJson(page));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * page.size());
}
BENCHMARK(JsonParseOnly100Blocks)->Unit(benchmark::kMicrosecond);

static void JsonDecodeChecked100Blocks(benchmark::State &state)
{
    const QByteArray page = hundredBlockPage();
    for (auto _ : state) {
        Page<BlockHeader> out;
        DecodeError e;
        if (!RecordCodec::decodePage(QJsonDocument::fromJson(page), &out, &e))
            state.SkipWithError("decode failed");
        benchmark::DoNotOptimize(out);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * page.size());
}
BENCHMARK(JsonDecodeChecked100Blocks)->Unit(benchmark::kMicrosecond);

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen"); // QMovie makes pixmaps
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
