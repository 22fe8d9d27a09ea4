// The frame rules the node holds its websocket clients to: any bytes give a
// verdict, and the same verdict (and frame count) whatever pieces they
// arrive in, which is how the guard sees them.
#include "server/net/websocketframescanner.h"
#include "tests/fuzz/fuzztarget.h"

#include <QByteArrayView>

GIFSCAN_FUZZ_TARGET(websocket_frames)
{
    if (input.empty())
        return;
    // The first byte chooses where the stream is cut, the rest is the stream.
    const QByteArrayView stream(reinterpret_cast<const char *>(input.data()) + 1,
                                static_cast<qsizetype>(input.size() - 1));
    gifscan::server::WebSocketFrameScanner whole;
    const bool wholeOk = whole.feed(stream);
    FUZZ_ASSERT(wholeOk == whole.problem().isEmpty());

    gifscan::server::WebSocketFrameScanner pieces;
    const qsizetype step = 1 + input[0] % 17;
    bool piecesOk = true;
    for (qsizetype at = 0; at < stream.size(); at += step)
        piecesOk = pieces.feed(stream.sliced(at, std::min(step, stream.size() - at)));
    FUZZ_ASSERT(piecesOk == wholeOk);
    FUZZ_ASSERT(pieces.frames() == whole.frames());
    FUZZ_ASSERT(pieces.problem() == whole.problem());
}
