# Sourced by the build scripts: how many compilations and test processes
# run at once. The presets fix none: this machine's cores unless
# GIFSCAN_JOBS says otherwise (a 2-core runner gets 2, a 16-core one 16);
# tests two more (GIFSCAN_TEST_JOBS).
GIFSCAN_JOBS=${GIFSCAN_JOBS:-$(nproc)}
# Two test processes more than the cores: most of them wait on a devnet, a
# PostgreSQL server or a socket (the release suite on 2 cores: 330-351 s
# at 2, 296-303 s at 3, 234-275 s at 4, its processes using 1.5 cores of
# the 2; ClientTs alone is some 220 s of it). OperatorPorts once failed at
# 4: a fixed port its node was to take was in the kernel's ephemeral range,
# where another test could take it first (ad136de). Under ASan one more
# (scripts/test.sh), whose tests are the processor's.
GIFSCAN_TEST_JOBS=${GIFSCAN_TEST_JOBS:-$((GIFSCAN_JOBS + 2))}
export CMAKE_BUILD_PARALLEL_LEVEL=$GIFSCAN_JOBS CTEST_PARALLEL_LEVEL=$GIFSCAN_TEST_JOBS
