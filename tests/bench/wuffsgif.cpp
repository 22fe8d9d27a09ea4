// Wuffs compiled into this file alone, as C++ (its single file is valid
// both ways), with its GIF and LZW modules only.
#define WUFFS_IMPLEMENTATION
#define WUFFS_CONFIG__MODULES
#define WUFFS_CONFIG__MODULE__BASE
#define WUFFS_CONFIG__MODULE__GIF
#define WUFFS_CONFIG__MODULE__LZW
#include GIFSCAN_WUFFS_C_FILE

#include "tests/bench/wuffsgif.h"

#include <cstring>
#include <vector>

namespace gifscan::test {

struct WuffsGif::State
{
    std::unique_ptr<wuffs_gif__decoder, decltype(&free)> decoder{nullptr, &free};
    wuffs_base__io_buffer source{};
    wuffs_base__pixel_buffer pixels{};
    std::vector<std::uint8_t> canvas;
    std::vector<std::uint8_t> previous; // for a frame that restores what was before it
    std::vector<std::uint8_t> work;
    // What the frame before asked to leave behind it.
    wuffs_base__rect_ie_u32 lastBounds{};
    std::uint8_t lastDisposal = WUFFS_BASE__ANIMATION_DISPOSAL__NONE;
};

WuffsGif::WuffsGif(const QByteArray &bytes) : m_state(std::make_unique<State>())
{
    State &s = *m_state;
    s.decoder.reset(wuffs_gif__decoder__alloc());
    if (!s.decoder) {
        m_error = "out of memory";
        return;
    }
    s.source = wuffs_base__ptr_u8__reader(
        reinterpret_cast<std::uint8_t *>(const_cast<char *>(bytes.data())),
        static_cast<std::size_t>(bytes.size()), true);
    wuffs_base__image_config config{};
    wuffs_base__status status =
        wuffs_gif__decoder__decode_image_config(s.decoder.get(), &config, &s.source);
    if (!wuffs_base__status__is_ok(&status)) {
        m_error = status.repr;
        return;
    }
    m_width = wuffs_base__pixel_config__width(&config.pixcfg);
    m_height = wuffs_base__pixel_config__height(&config.pixcfg);
    wuffs_base__pixel_config__set(&config.pixcfg, WUFFS_BASE__PIXEL_FORMAT__RGBA_NONPREMUL,
                                  WUFFS_BASE__PIXEL_SUBSAMPLING__NONE, m_width, m_height);
    s.canvas.assign(static_cast<std::size_t>(m_width) * m_height * 4, 0);
    status = wuffs_base__pixel_buffer__set_from_slice(
        &s.pixels, &config.pixcfg, wuffs_base__make_slice_u8(s.canvas.data(), s.canvas.size()));
    if (!wuffs_base__status__is_ok(&status)) {
        m_error = status.repr;
        return;
    }
    s.work.resize(wuffs_gif__decoder__workbuf_len(s.decoder.get()).max_incl);
}

WuffsGif::~WuffsGif() = default;

const std::uint8_t *WuffsGif::canvas() const
{
    return m_state->canvas.data();
}

bool WuffsGif::nextFrame()
{
    if (m_error)
        return false;
    State &s = *m_state;
    // The frame before leaves what it asked to: its rectangle cleared, or
    // the canvas as it was before it.
    const wuffs_base__rect_ie_u32 &r = s.lastBounds;
    if (s.lastDisposal == WUFFS_BASE__ANIMATION_DISPOSAL__RESTORE_BACKGROUND) {
        for (std::uint32_t y = r.min_incl_y; y < r.max_excl_y; ++y)
            std::memset(&s.canvas[(static_cast<std::size_t>(y) * m_width + r.min_incl_x) * 4], 0,
                        static_cast<std::size_t>(r.max_excl_x - r.min_incl_x) * 4);
    } else if (s.lastDisposal == WUFFS_BASE__ANIMATION_DISPOSAL__RESTORE_PREVIOUS) {
        s.canvas = s.previous;
    }
    wuffs_base__frame_config frame{};
    wuffs_base__status status =
        wuffs_gif__decoder__decode_frame_config(s.decoder.get(), &frame, &s.source);
    if (status.repr == wuffs_base__note__end_of_data)
        return false;
    if (!wuffs_base__status__is_ok(&status)) {
        m_error = status.repr;
        return false;
    }
    s.lastBounds = wuffs_base__frame_config__bounds(&frame);
    s.lastBounds.max_excl_x = std::min(s.lastBounds.max_excl_x, m_width);
    s.lastBounds.max_excl_y = std::min(s.lastBounds.max_excl_y, m_height);
    s.lastDisposal = wuffs_base__frame_config__disposal(&frame);
    if (s.lastDisposal == WUFFS_BASE__ANIMATION_DISPOSAL__RESTORE_PREVIOUS)
        s.previous = s.canvas;
    const wuffs_base__pixel_blend blend =
        wuffs_base__frame_config__overwrite_instead_of_blend(&frame)
            ? WUFFS_BASE__PIXEL_BLEND__SRC
            : WUFFS_BASE__PIXEL_BLEND__SRC_OVER;
    status = wuffs_gif__decoder__decode_frame(
        s.decoder.get(), &s.pixels, &s.source, blend,
        wuffs_base__make_slice_u8(s.work.data(), s.work.size()), nullptr);
    if (!wuffs_base__status__is_ok(&status)) {
        m_error = status.repr;
        return false;
    }
    return true;
}

} // namespace gifscan::test
