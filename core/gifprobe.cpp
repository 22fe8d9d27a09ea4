#include "core/gifprobe.h"

#include "core/gifio.h"

namespace gifscan {

bool GifProbe::hasSignature(const QByteArray &bytes)
{
    return bytes.startsWith("GIF87a") || bytes.startsWith("GIF89a");
}

GifProbe GifProbe::inspect(const QByteArray &bytes, int maxFrames)
{
    GifProbe probe;
    if (!hasSignature(bytes)) {
        probe.error = QStringLiteral("not a GIF87a or GIF89a file");
        return probe;
    }
    GifMemoryInput input{&bytes};
    int err = 0;
    GifFileType *gif = openGifFromMemory(&input, &err);
    if (!gif) {
        probe.error = QString::fromLatin1(GifErrorString(err));
        return probe;
    }
    probe.canvasWidth = gif->SWidth;
    probe.canvasHeight = gif->SHeight;
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    bool failed = false;
    // Walk the record stream and skip pixel data as code blocks: no frame
    // buffer is ever allocated, whatever the file declares.
    while (!failed && record != TERMINATE_RECORD_TYPE) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) {
            failed = true;
            break;
        }
        if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) {
                failed = true;
                break;
            }
            if (++probe.frames > maxFrames)
                break;
            int codeSize = 0;
            GifByteType *block = nullptr;
            if (DGifGetCode(gif, &codeSize, &block) == GIF_ERROR) {
                failed = true;
                break;
            }
            while (block) {
                if (DGifGetCodeNext(gif, &block) == GIF_ERROR) {
                    failed = true;
                    break;
                }
            }
        } else if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *ext = nullptr;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) {
                failed = true;
                break;
            }
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) {
                    failed = true;
                    break;
                }
            }
        }
    }
    if (failed)
        probe.error =
            QStringLiteral("corrupt GIF: %1").arg(QString::fromLatin1(GifErrorString(gif->Error)));
    else if (probe.frames > maxFrames)
        probe.error = QStringLiteral("more than %1 frames").arg(maxFrames);
    else if (probe.frames == 0)
        probe.error = QStringLiteral("no frames");
    else
        probe.ok = true;
    DGifCloseFile(gif, &err);
    return probe;
}

} // namespace gifscan
