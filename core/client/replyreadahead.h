#pragma once

#include <QMetaObject>
#include <QNetworkReply>

namespace gifscan {

// Bounds what Qt's HTTP thread reads ahead of a reply's own reader to
// `bytes`, so that a cap counted as the body is read holds against a peer
// that floods. Qt starts a POST from its event loop, and a size set before
// that never reaches its HTTP thread (80 MB to 1 GB were read past a cap):
// it is set again once the request has started, right behind the start
// in the same queue, before that thread meets the body. Call right after
// QNetworkAccessManager::post or sendCustomRequest with a body, on the
// reply's thread; not after get(), which starts at once, so that the bound
// arrives only if this thread is not held up in between.
inline void boundReadAhead(QNetworkReply *reply, qint64 bytes)
{
    reply->setReadBufferSize(bytes);
    QMetaObject::invokeMethod(
        reply, [reply, bytes] { reply->setReadBufferSize(bytes); }, Qt::QueuedConnection);
}

} // namespace gifscan
