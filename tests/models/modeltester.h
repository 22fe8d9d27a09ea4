#pragma once

#include <QAbstractItemModelTester>
#include <QLoggingCategory>
#include <gtest/gtest.h>
#include <initializer_list>
#include <memory>
#include <vector>

namespace gifscan::test {

// QAbstractItemModelTester around models for a test's lifetime; its
// findings (logged to qt.modeltest) become test failures. Several may live
// at once: the message handler is installed by the first and removed with
// the last.
class ModelTester
{
public:
    explicit ModelTester(QAbstractItemModel *model) : ModelTester({model}) {}
    explicit ModelTester(std::initializer_list<QAbstractItemModel *> models)
    {
        if (s_installed++ == 0)
            s_previous = qInstallMessageHandler(&ModelTester::handler);
        for (QAbstractItemModel *model : models)
            m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
                model, QAbstractItemModelTester::FailureReportingMode::Warning));
    }
    ~ModelTester()
    {
        m_testers.clear();
        if (--s_installed == 0)
            qInstallMessageHandler(s_previous);
    }
    ModelTester(const ModelTester &) = delete;
    ModelTester &operator=(const ModelTester &) = delete;

private:
    static void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
    {
        if (context.category && QLatin1String(context.category) == QLatin1String("qt.modeltest") &&
            type != QtDebugMsg)
            ADD_FAILURE() << "model tester: " << message.toStdString();
        else if (s_previous)
            s_previous(type, context, message);
    }
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    static inline QtMessageHandler s_previous = nullptr;
    static inline int s_installed = 0;
};

} // namespace gifscan::test
