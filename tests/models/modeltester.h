#pragma once

#include <QAbstractItemModelTester>
#include <QLoggingCategory>
#include <gtest/gtest.h>
#include <memory>

namespace gifscan::test {

// QAbstractItemModelTester around a model for a test's lifetime; its
// findings (logged to qt.modeltest) become test failures.
class ModelTester
{
public:
    explicit ModelTester(QAbstractItemModel *model)
    {
        s_previous = qInstallMessageHandler(&ModelTester::handler);
        m_tester = std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::Warning);
    }
    ~ModelTester()
    {
        m_tester.reset();
        qInstallMessageHandler(s_previous);
    }

private:
    static void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
    {
        if (context.category && QLatin1String(context.category) == QLatin1String("qt.modeltest") &&
            type != QtDebugMsg)
            ADD_FAILURE() << "model tester: " << message.toStdString();
        else if (s_previous)
            s_previous(type, context, message);
    }
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    static inline QtMessageHandler s_previous = nullptr;
};

} // namespace gifscan::test
