#pragma once

#include <QByteArray>
#include <QString>

namespace gifscan::devnet {

// Frame N of an object composited onto its canvas, as a one-frame GIF
// (the `frame` parameter of /v1/objects/:slug/:id/frames).
class FrameRenderer
{
public:
    static QByteArray frameAsGif(const QByteArray &gif, int frame, QString *error);
};

} // namespace gifscan::devnet
