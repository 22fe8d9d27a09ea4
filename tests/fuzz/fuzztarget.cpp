#include "tests/fuzz/fuzztarget.h"

#include <QCoreApplication>
#include <cstdio>
#include <cstdlib>

namespace gifscan::fuzz {

std::vector<Target> &targets()
{
    static std::vector<Target> all;
    return all;
}

namespace {
const char *inputName = nullptr;

void abortOnCritical(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QByteArray text = message.toLocal8Bit();
    std::fprintf(stderr, "%s: %s\n", context.category ? context.category : "qt", text.constData());
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::abort();
}
} // namespace

void setUpQt()
{
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "gifscan-fuzz";
    static char *argv[] = {name, nullptr};
    // Lives for the process: libFuzzer never returns from its loop.
    new QCoreApplication(argc, argv);
    qInstallMessageHandler(abortOnCritical);
}

bool parseJson(Input input, QJsonDocument *doc)
{
    QJsonParseError error;
    *doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(input.data()),
                                static_cast<qsizetype>(input.size())),
        &error);
    return error.error == QJsonParseError::NoError;
}

void setInputName(const char *name)
{
    inputName = name;
}

void fail(const char *file, int line, const char *what)
{
    std::fprintf(stderr, "%s:%d: broken promise: %s\n", file, line, what);
    if (inputName)
        std::fprintf(stderr, "on input %s\n", inputName);
    std::abort();
}

} // namespace gifscan::fuzz
