# Sourced by the build scripts: how many compilations and test processes
# run at once. The presets fix none: this machine's cores unless
# GIFSCAN_JOBS says otherwise (a 2-core runner gets 2, a 16-core one 16).
GIFSCAN_JOBS=${GIFSCAN_JOBS:-$(nproc)}
export CMAKE_BUILD_PARALLEL_LEVEL=$GIFSCAN_JOBS CTEST_PARALLEL_LEVEL=$GIFSCAN_JOBS
