#pragma once

#include <QByteArray>
#include <cstdint>
#include <memory>

namespace gifscan::test {

// Wuffs' GIF decoder (v0.4, built only where -DGIFSCAN_WUFFS_C names its
// file: Debian has no package and a benchmark fetches nothing) compositing
// every frame onto one RGBA canvas, the frame before disposed as it asks:
// the reference bench_core measures gifscan's decoder against. Any thread.
class WuffsGif
{
public:
    explicit WuffsGif(const QByteArray &bytes);
    ~WuffsGif();
    WuffsGif(const WuffsGif &) = delete;
    WuffsGif &operator=(const WuffsGif &) = delete;

    // The next frame composited; false at the end or on an error (error()).
    bool nextFrame();
    const char *error() const { return m_error; }
    std::uint32_t width() const { return m_width; }
    std::uint32_t height() const { return m_height; }
    const std::uint8_t *canvas() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
    const char *m_error = nullptr;
    std::uint32_t m_width = 0;
    std::uint32_t m_height = 0;
};

} // namespace gifscan::test
