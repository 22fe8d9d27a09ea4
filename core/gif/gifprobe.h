#pragma once

#include <QByteArray>
#include <QString>

namespace gifscan {

// What a GIF declares, read without decoding a pixel: enough to enforce the
// content limits of PROTOCOL §3 before anything is allocated for frames.
struct GifProbe
{
    bool ok = false;
    QString error;
    int canvasWidth = 0;
    int canvasHeight = 0;
    int frames = 0;

    static GifProbe inspect(const QByteArray &bytes, int maxFrames = 1000);
    // "GIF87a" or "GIF89a", as browsers require; giflib reads any "GIF".
    static bool hasSignature(const QByteArray &bytes);
};

} // namespace gifscan
