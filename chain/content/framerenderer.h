#pragma once

#include "core/base/outcome.h"

#include <QByteArray>
#include <QString>

namespace gifscan::chain {

// Frame N of an object composited onto its canvas, as a one-frame GIF
// (the `frame` parameter of /v1/objects/:slug/:id/frames).
class FrameRenderer
{
public:
    // A frame it does not have is Invalid; a GIF that does not decode, Storage.
    static Outcome<QByteArray> frameAsGif(const QByteArray &gif, int frame);
};

} // namespace gifscan::chain
