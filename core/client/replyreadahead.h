#pragma once

#include <QMetaObject>
#include <QNetworkReply>

namespace gifscan {

// Bounds what Qt's HTTP thread reads ahead of a reply's own reader to
// `bytes`, so that a cap counted as the body is read holds against a peer
// that floods. Qt starts a POST from its event loop, and a size set before
// that never reaches its HTTP thread (80 MB to 1 GB were read past a cap):
// it is set again once the request has started, right behind the start
// in this thread's queue. A window remains, between the two queued events:
// a thread held up there lets the HTTP thread meet a flooding body first
// and read it unbounded (seen under ASan on a loaded machine); Qt offers no
// way to hand the bound over with the request. Call right after
// QNetworkAccessManager::post or sendCustomRequest with a body, on the
// reply's thread; not after get(), which starts at once, so that the window
// is all the time until this call.
inline void boundReadAhead(QNetworkReply *reply, qint64 bytes)
{
    reply->setReadBufferSize(bytes);
    QMetaObject::invokeMethod(
        reply, [reply, bytes] { reply->setReadBufferSize(bytes); }, Qt::QueuedConnection);
}

} // namespace gifscan
