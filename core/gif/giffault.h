#pragma once

#include <QString>

namespace gifscan {

// Why a GIF could not be read. The kinds are the ones giflib tells apart,
// because the words the node puts in a failed mint's receipt are giflib's
// and must not change now that the reading is ours (the differential test
// holds both to the same words for every input).
enum class GifFault {
    None,
    NoScreen,    // the logical screen or the global palette is cut short
    ReadFailed,  // the file ends inside a block, or an LZW code size over 8
    NoCodeSize,  // the file ends right before a frame's LZW code size
    WrongRecord, // a byte that starts no block where a block must start
    ImageDefect, // an LZW code that cannot be decoded, or pixel data ended by its terminator
    EofTooSoon,  // the LZW end code before the frame's last pixel
};

// giflib's words for the fault (GifErrorString); empty for None and
// NoCodeSize, for which giflib has none.
QString gifFaultText(GifFault fault);

} // namespace gifscan
