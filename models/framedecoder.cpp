#include "models/framedecoder.h"

#include "core/gif/gifdecoder.h"
#include "models/frameimage.h"

FrameDecoder::FrameDecoder(QObject *parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

FrameDecoder::~FrameDecoder()
{
    m_pool.waitForDone(); // a decode under way posts back to this object
}

void FrameDecoder::decode(const QByteArray &gif, quint64 ticket)
{
    m_pool.start([this, gif, ticket] {
        QList<QImage> frames;
        QList<int> delays;
        gifscan::GifDecoder decoder(gif);
        if (decoder.open()) {
            gifscan::GifFrame frame;
            while (decoder.readFrame(&frame)) {
                frames.append(frameImage(frame, decoder.width(), decoder.height()).copy());
                delays.append(frame.delayMs);
            }
        }
        QMetaObject::invokeMethod(
            this, [this, frames, delays, ticket] { Q_EMIT decoded(ticket, frames, delays); },
            Qt::QueuedConnection);
    });
}
