#include "chain/content/gifgenerator.h"

#include "chain/content/gifio.h"

#include <cmath>
#include <stdexcept>

namespace gifscan::chain {

namespace {

struct TraitTable
{
    const char *name;
    std::vector<std::pair<const char *, int>> values; // value, weight
};

// Weights fall off steeply so that rarity ranks mean something.
const std::vector<TraitTable> &traitTables()
{
    static const std::vector<TraitTable> tables = {
        {"Background",
         {{"Night", 40}, {"Sky", 25}, {"Sand", 18}, {"Forest", 10}, {"Sunset", 6}, {"Gold", 1}}},
        {"Shape",
         {{"Circle", 35},
          {"Square", 28},
          {"Diamond", 18},
          {"Ring", 11},
          {"Cross", 6},
          {"Star", 2}}},
        {"Motion",
         {{"Bounce", 38}, {"Orbit", 24}, {"Pulse", 18}, {"Slide", 12}, {"Spin", 6}, {"Blink", 2}}},
        {"Speed", {{"Normal", 50}, {"Slow", 28}, {"Fast", 17}, {"Frantic", 5}}},
        {"Aura", {{"None", 92}, {"Sparkle", 8}}},
    };
    return tables;
}

int indexOf(const QList<Trait> &traits, const char *name, int fallback)
{
    for (const auto &t : traits) {
        if (t.trait != QLatin1String(name))
            continue;
        for (const auto &table : traitTables()) {
            if (t.trait != QLatin1String(table.name))
                continue;
            for (std::size_t i = 0; i < table.values.size(); ++i) {
                if (t.value == QLatin1String(table.values[i].first))
                    return static_cast<int>(i);
            }
        }
    }
    return fallback;
}

// 32 colours: 6 backdrop families of 4 shades, then 8 vivid shape colours.
constexpr GifColorType kPalette[32] = {
    {12, 14, 40},    {20, 24, 60},    {28, 34, 80},    {40, 46, 100},   // Night
    {120, 180, 235}, {140, 195, 240}, {160, 208, 245}, {185, 222, 250}, // Sky
    {214, 190, 140}, {224, 202, 155}, {232, 214, 170}, {240, 226, 188}, // Sand
    {24, 80, 40},    {34, 98, 52},    {46, 116, 64},   {60, 134, 78},   // Forest
    {250, 120, 70},  {245, 96, 90},   {220, 80, 120},  {170, 70, 140},  // Sunset
    {160, 120, 20},  {200, 160, 30},  {235, 195, 50},  {255, 225, 90},  // Gold
    {255, 80, 80},   {80, 220, 120},  {80, 140, 255},  {255, 220, 60},
    {230, 90, 230},  {60, 230, 230},  {255, 255, 255}, {20, 20, 20},
};

struct Canvas
{
    int w, h;
    std::vector<GifPixelType> px;
    void set(int x, int y, int c)
    {
        if (x >= 0 && y >= 0 && x < w && y < h)
            px[static_cast<std::size_t>(y * w + x)] = static_cast<GifPixelType>(c);
    }
};

bool inside(int shape, double dx, double dy, double r, double angle)
{
    const double c = std::cos(angle), s = std::sin(angle);
    const double x = dx * c - dy * s, y = dx * s + dy * c;
    switch (shape) {
    case 0:
        return x * x + y * y <= r * r;
    case 1:
        return std::abs(x) <= r * 0.85 && std::abs(y) <= r * 0.85;
    case 2:
        return std::abs(x) + std::abs(y) <= r;
    case 3: {
        const double d = std::sqrt(x * x + y * y);
        return d <= r && d >= r * 0.6;
    }
    case 4:
        return (std::abs(x) <= r * 0.3 && std::abs(y) <= r) ||
               (std::abs(y) <= r * 0.3 && std::abs(x) <= r);
    default: {
        const double a = std::atan2(y, x), d = std::sqrt(x * x + y * y);
        return d <= r * (0.55 + 0.45 * std::cos(5 * a));
    }
    }
}

void drawFrame(const ArtSpec &spec, int f, Canvas &c)
{
    const double t = static_cast<double>(f) / spec.frames; // 0..1, loops seamlessly
    const double pi = 3.14159265358979;
    // Backdrop: a gentle vertical gradient of the family's four shades.
    for (int y = 0; y < c.h; ++y) {
        const int shade = std::min(3, y * 4 / c.h);
        for (int x = 0; x < c.w; ++x)
            c.set(x, y, spec.background * 4 + shade);
    }
    const double size = std::min(c.w, c.h);
    double cx = c.w / 2.0, cy = c.h / 2.0, r = size * 0.22, angle = 0;
    switch (spec.motion) {
    case 0:
        cy = c.h * 0.3 + std::abs(std::sin(t * pi)) * c.h * 0.4;
        break; // bounce
    case 1:
        cx += std::cos(2 * pi * t) * size * 0.25;
        cy += std::sin(2 * pi * t) * size * 0.25;
        break;
    case 2:
        r *= 0.7 + 0.5 * std::sin(2 * pi * t);
        break; // pulse
    case 3:
        cx = c.w * (0.2 + 0.6 * (0.5 - 0.5 * std::cos(2 * pi * t)));
        break;
    case 4:
        angle = 2 * pi * t;
        break; // spin
    default:
        break; // blink: handled below
    }
    const bool visible = spec.motion != 5 || (f % 4) < 2;
    const int color = 24 + spec.shapeColor;
    if (visible) {
        for (int y = static_cast<int>(cy - r - 1); y <= static_cast<int>(cy + r + 1); ++y)
            for (int x = static_cast<int>(cx - r - 1); x <= static_cast<int>(cx + r + 1); ++x)
                if (inside(spec.shape, x + 0.5 - cx, y + 0.5 - cy, r, angle))
                    c.set(x, y, color);
    }
    if (spec.sparkle) {
        std::mt19937 rng(static_cast<unsigned>(f * 7919 + spec.width));
        for (int i = 0; i < c.w * c.h / 40; ++i)
            c.set(static_cast<int>(rng() % static_cast<unsigned>(c.w)),
                  static_cast<int>(rng() % static_cast<unsigned>(c.h)), 30);
    }
}

void check(int rc, GifFileType *gif)
{
    if (rc == GIF_ERROR)
        throw GifRenderError(GifErrorString(gif->Error));
}

} // namespace

QByteArray GifGenerator::render(const ArtSpec &spec)
{
    QByteArray out;
    int err = 0;
    GifFileType *gif = openGifToMemory(&out, &err);
    if (!gif)
        throw GifRenderError(GifErrorString(err));
    EGifSetGifVersion(gif, true);
    ColorMapObject *map = GifMakeMapObject(32, kPalette);
    try {
        check(EGifPutScreenDesc(gif, spec.width, spec.height, 8, 0, map), gif);
        // NETSCAPE2.0 application block: loop forever.
        const GifByteType app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
        const GifByteType loop[] = {1, 0, 0};
        check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif);
        check(EGifPutExtensionBlock(gif, sizeof app, app), gif);
        check(EGifPutExtensionBlock(gif, sizeof loop, loop), gif);
        check(EGifPutExtensionTrailer(gif), gif);
        Canvas canvas{
            spec.width, spec.height,
            std::vector<GifPixelType>(static_cast<std::size_t>(spec.width * spec.height))};
        for (int f = 0; f < spec.frames; ++f) {
            GraphicsControlBlock gcb{};
            gcb.DisposalMode = DISPOSE_DO_NOT;
            gcb.DelayTime = spec.delayCs;
            gcb.TransparentColor = NO_TRANSPARENT_COLOR;
            GifByteType ext[4];
            EGifGCBToExtension(&gcb, ext);
            check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext), gif);
            check(EGifPutImageDesc(gif, 0, 0, spec.width, spec.height, false, nullptr), gif);
            drawFrame(spec, f, canvas);
            for (int y = 0; y < spec.height; ++y)
                check(EGifPutLine(gif, canvas.px.data() + y * spec.width, spec.width), gif);
        }
    } catch (...) {
        GifFreeMapObject(map);
        EGifCloseFile(gif, &err);
        throw;
    }
    GifFreeMapObject(map);
    if (EGifCloseFile(gif, &err) == GIF_ERROR)
        throw GifRenderError(GifErrorString(err));
    return out;
}

QList<Trait> GifGenerator::randomTraits(std::mt19937_64 &rng)
{
    QList<Trait> traits;
    for (const auto &table : traitTables()) {
        int total = 0;
        for (const auto &v : table.values)
            total += v.second;
        int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(total));
        for (const auto &v : table.values) {
            if (pick < v.second) {
                traits.append({QLatin1String(table.name), QLatin1String(v.first)});
                break;
            }
            pick -= v.second;
        }
    }
    return traits;
}

ArtSpec GifGenerator::specFor(const QList<Trait> &traits, int collectionStyle, std::mt19937_64 &rng)
{
    static constexpr int kSizes[] = {32, 48, 64, 80, 96, 128};
    ArtSpec s;
    // Each collection has its own canvas size and frame count, so the
    // collections look different from one another at a glance.
    const int size = kSizes[(collectionStyle + static_cast<int>(rng() % 2)) % 6];
    s.width = size;
    s.height = size;
    s.frames = 8 + static_cast<int>((collectionStyle * 5 + static_cast<int>(rng() % 9)) % 25);
    s.background = indexOf(traits, "Background", 0);
    s.shape = indexOf(traits, "Shape", 0);
    s.motion = indexOf(traits, "Motion", 0);
    static constexpr int kDelays[] = {8, 14, 5, 2}; // Normal, Slow, Fast, Frantic
    s.delayCs = kDelays[indexOf(traits, "Speed", 0)];
    s.sparkle = indexOf(traits, "Aura", 0) == 1;
    s.shapeColor = (collectionStyle + static_cast<int>(rng() % 3)) % 8;
    return s;
}

} // namespace gifscan::chain
