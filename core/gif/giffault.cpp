#include "core/gif/giffault.h"

namespace gifscan {

QString gifFaultText(GifFault fault)
{
    // Machine words kept for compatibility (receipts carry them); the
    // explorer shows its own sentences, not these.
    switch (fault) {
    case GifFault::None:
    case GifFault::NoCodeSize:
        return {};
    case GifFault::NoScreen:
        return QStringLiteral("No screen descriptor detected");
    case GifFault::ReadFailed:
        return QStringLiteral("Failed to read from given file");
    case GifFault::WrongRecord:
        return QStringLiteral("Wrong record type detected");
    case GifFault::ImageDefect:
        return QStringLiteral("Image is defective, decoding aborted");
    case GifFault::EofTooSoon:
        return QStringLiteral("Image EOF detected before image complete");
    }
    return {};
}

} // namespace gifscan
