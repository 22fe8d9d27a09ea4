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
    QString error;
    const QString target = GifLink::target(text, &error);
    if (target.isEmpty()) {
        FUZZ_ASSERT(!error.isEmpty());
    } else {
        const QString link = GifLink::make(target);
        QString again;
        FUZZ_ASSERT(GifLink::target(link, &again) == target);
        FUZZ_ASSERT(GifLink::target(QUrl(link), &again) == target);
    }
    QString urlError;
    const QString fromUrl = GifLink::target(QUrl(text), &urlError);
    FUZZ_ASSERT(!fromUrl.isEmpty() || !urlError.isEmpty());
}
