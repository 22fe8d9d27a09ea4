#pragma once

#include "chain/engine/chainoptions.h"
#include "core/base/outcome.h"

#include <QString>

namespace gifscan::chain {

// A new chain's block 0, built ahead of time. Rendering and signing two
// thousand GIFs is most of a first start's wait, and a genesis is the same
// bytes for the same seed, objects and validators: a build makes the
// default one once (gifscan-devnet --prepare-genesis), and a first start
// copies that file instead of building it. No class state; any thread (the
// chain calls it on the node thread before it opens its store).
class PrebuiltGenesis
{
public:
    // The file a folder holds for these options, named by everything the
    // genesis and its stored form depend on; empty when no prebuilt file
    // may serve them (a node that forges its headers signs with other keys).
    static QString fileName(const ChainOptions &options);
    // Copies the file `options.genesisDir` holds for these options to
    // `storePath` (which must not exist) and checks that it opens as a chain
    // of block 0 alone, signed for these options' validator set and minting
    // their objects. True when it did; false when the folder has no such
    // file; a Failure when it has one that cannot serve (Invalid: not this
    // chain's genesis; Storage: not copied), and then nothing is left at
    // `storePath`.
    static Outcome<bool> install(const ChainOptions &options, const QString &storePath);
    // Builds the genesis of `options` and leaves it in `dir` under
    // fileName(options), replacing one there: whole or not at all.
    static Outcome<> prepare(ChainOptions options, const QString &dir);
};

} // namespace gifscan::chain
