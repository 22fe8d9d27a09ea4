// core's speed, side by side with the alternative or the limit it is held to.
#include "core/commitments.h"
#include "core/gifdecoder.h"
#include "core/objectproof.h"
#include "core/recordcodec.h"
#include "core/sha256.h"
#include "devnet/sparsemerkletree.h"
#include "tests/support/giflibdecoder.h"

#include <QBuffer>
#include <QFile>
#include <QGuiApplication>
#include <QImageReader>
#include <QJsonArray>
#include <QMovie>
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
    QFile f(QStringLiteral(GIFSCAN_SHARED_DIR "/gifs/") + QLatin1String(kFiles[i]));
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
        devnet::SparseMerkleTree tree;
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
BENCHMARK(GifDecodeGifscan)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

// The decoder gifscan had before its own: giflib's blocks and LZW
// (DGifGetLine of a whole frame, what DGifSlurp calls) and the former
// compositing.
static void GifDecodeGiflib(benchmark::State &state)
{
    decodeEveryFrame<test::GiflibDecoder>(state);
}
BENCHMARK(GifDecodeGiflib)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

// giflib's whole-file DGifSlurp with no compositing at all: what giflib's
// LZW costs by itself, a floor no giflib-based decoder goes under.
static void GifSlurpGiflibNoCompositing(benchmark::State &state)
{
    const QByteArray bytes = gifFile(static_cast<int>(state.range(0)));
    struct Input
    {
        const QByteArray *bytes;
        qsizetype pos;
    };
    const auto read = [](GifFileType *gif, GifByteType *buf, int len) {
        auto *in = static_cast<Input *>(gif->UserData);
        const qsizetype n = std::min<qsizetype>(len, in->bytes->size() - in->pos);
        std::memcpy(buf, in->bytes->constData() + in->pos, static_cast<std::size_t>(n));
        in->pos += n;
        return static_cast<int>(n);
    };
    std::int64_t frames = 0, pixels = 0;
    for (auto _ : state) {
        Input input{&bytes, 0};
        int err = 0;
        GifFileType *gif = DGifOpen(&input, read, &err);
        if (!gif || DGifSlurp(gif) == GIF_ERROR) {
            state.SkipWithError("giflib refused the file");
            return;
        }
        frames += gif->ImageCount;
        pixels += static_cast<std::int64_t>(gif->ImageCount) * gif->SWidth * gif->SHeight;
        benchmark::DoNotOptimize(gif->SavedImages);
        DGifCloseFile(gif, &err);
    }
    state.SetLabel(kFiles[state.range(0)]);
    state.counters["frames/s"] =
        benchmark::Counter(static_cast<double>(frames), benchmark::Counter::kIsRate);
    state.counters["Mpx/s"] =
        benchmark::Counter(static_cast<double>(pixels) / 1e6, benchmark::Counter::kIsRate);
}
BENCHMARK(GifSlurpGiflibNoCompositing)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

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
BENCHMARK(GifDecodeQImageReader)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

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
BENCHMARK(GifDecodeQMovie)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

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
