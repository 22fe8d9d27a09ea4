#include "tests/support/testpaths.h"

namespace gifscan::test {

QString sharedPath(const QString &relative)
{
    return QStringLiteral(GIFSCAN_SHARED_DIR "/") + relative;
}

QString testsPath(const QString &relative)
{
    return QStringLiteral(GIFSCAN_TESTS_DIR "/") + relative;
}

QString translationsDir()
{
    return QStringLiteral(GIFSCAN_TS_DIR);
}

QString devnetBinary()
{
    return QStringLiteral(GIFSCAN_DEVNET_BINARY);
}

QString cliBinary()
{
    return QStringLiteral(GIFSCAN_CLI_BINARY);
}

QString guiBinary()
{
    return QStringLiteral(GIFSCAN_GUI_BINARY);
}

QString indexerBinary()
{
    return QStringLiteral(GIFSCAN_INDEXER_BINARY);
}

QString lupdateBinary()
{
    return QStringLiteral(GIFSCAN_LUPDATE);
}

QString translatedSourcesList()
{
    return QStringLiteral(GIFSCAN_TR_SOURCE_LIST);
}

QString genesisDir()
{
    return QStringLiteral(GIFSCAN_GENESIS_DIR);
}

} // namespace gifscan::test
