// gif:// links come from web pages and other programs: any text is a target
// or an error, and a target's link leads back to the same target, whether it
// is read as text or after QUrl has taken it apart (a clicked anchor).
#include "models/giflink.h"
#include "tests/fuzz/fuzztarget.h"

#include <QUrl>

GIFSCAN_FUZZ_TARGET(gif_link)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(input.data()),
                                           static_cast<qsizetype>(input.size()));
    const gifscan::Outcome<QString> target = GifLink::target(text);
    if (!target) {
        FUZZ_ASSERT(!target.error().message.isEmpty());
    } else {
        FUZZ_ASSERT(!target.value().isEmpty());
        const QString link = GifLink::make(target.value());
        const gifscan::Outcome<QString> again = GifLink::target(link);
        FUZZ_ASSERT(again && again.value() == target.value());
        const gifscan::Outcome<QString> fromItsUrl = GifLink::target(QUrl(link));
        FUZZ_ASSERT(fromItsUrl && fromItsUrl.value() == target.value());
    }
    const gifscan::Outcome<QString> fromUrl = GifLink::target(QUrl(text));
    FUZZ_ASSERT(fromUrl ? !fromUrl.value().isEmpty() : !fromUrl.error().message.isEmpty());
}
