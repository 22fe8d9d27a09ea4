#pragma once

#include "core/gif/giffault.h"

#include <QByteArray>
#include <cstdint>
#include <vector>

namespace gifscan {

// A palette as it lies in the file: `count` RGB triples.
struct GifPalette
{
    const std::uint8_t *rgb = nullptr;
    int count = 0;
};

struct GifScreen
{
    int width = 0;
    int height = 0;
    GifPalette palette; // the global palette; count 0 when absent
};

struct GifImageHeader
{
    int left = 0;
    int top = 0;
    int width = 0;
    int height = 0;
    bool interlaced = false;
    GifPalette palette; // the local palette; count 0 when absent
    int minCodeSize = 0;
};

// Reads a GIF's blocks in place, as GIF89a lays them out: the header and
// logical screen, then images, extensions and the trailer, each a run of
// sub-blocks. It copies nothing but the pixel data it gathers, and reads
// nothing past the end it is given. What it refuses, and when, is what
// giflib refused before it (the differential test keeps it so), because the
// node's mint rules rest on it.
//
// Plain data: use it on any thread, one thread at a time.
class GifStream
{
public:
    enum class Block { Image, Extension, Trailer };

    explicit GifStream(const QByteArray &bytes);

    // The signature and the logical screen with its palette. The signature
    // is checked as giflib does ("GIF"); callers that need GIF87a/89a say so.
    GifFault readScreen(GifScreen *screen);
    // The introducer of the next block.
    GifFault nextBlock(Block *block);
    // An extension's label; its sub-blocks follow through nextSubBlock.
    GifFault readExtensionLabel(int *label);
    // The next sub-block; size 0 at the terminator.
    GifFault nextSubBlock(const std::uint8_t **data, int *size);
    // Steps over sub-blocks up to and including the terminator.
    GifFault skipSubBlocks();
    // An image descriptor, its local palette and its LZW code size.
    GifFault readImageHeader(GifImageHeader *image);
    // Copies the whole sub-blocks of an image's pixel data into `out`,
    // leaving the stream after the terminator. When the file ends first,
    // `out` holds the sub-blocks that were whole and *cut is true.
    void gatherSubBlocks(std::vector<std::uint8_t> *out, bool *cut);

private:
    bool take(qsizetype n, const std::uint8_t **at);
    GifPalette palette(int flags);

    const std::uint8_t *m_data;
    qsizetype m_size;
    qsizetype m_pos = 0;
};

} // namespace gifscan
