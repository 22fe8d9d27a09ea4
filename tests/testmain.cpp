// GoogleTest with Qt: the application object must exist before any test runs,
// and QSignalSpy::wait() needs its event loop.
#include <QCoreApplication>
#include <gtest/gtest.h>

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    const int failed = RUN_ALL_TESTS();
    // CTest runs a suite by filter (cmake/GtestSuites.cmake): a filter that
    // selects nothing is a registration gone wrong, not a pass.
    if (!GTEST_FLAG_GET(list_tests) && ::testing::UnitTest::GetInstance()->test_to_run_count() == 0)
        return 1;
    return failed;
}
