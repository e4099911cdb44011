// SPDX-License-Identifier: GPL-2.0
/*
 * A probe for the tests that run before it in the same test_progs
 * process: fd 0 and the current directory must still be the ones the
 * process started with. The caller names them in the environment:
 *
 *   WORKER_FD0=FILE   test_progs was started with FILE open as fd 0
 *                     (test_progs ... < FILE)
 *   WORKER_CWD=DIR    and with DIR as its current directory
 *
 * Without both variables there is nothing to compare with, and the test
 * is skipped: the checks that run it (scripts/checks/selftests.sh) set
 * them and count a skip as a failure. It is not one of PROJECT_TESTS,
 * which run everywhere; it runs only where named.
 */
#include <test_progs.h>
#include <fcntl.h>
#include <sys/stat.h>

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

void test_worker_fd0_cwd(void)
{
	const char *fd0_path = getenv("WORKER_FD0");
	const char *cwd_path = getenv("WORKER_CWD");
	struct stat want, got;
	int flags;

	if (!fd0_path || !cwd_path) {
		printf("%s:SKIP:WORKER_FD0 and WORKER_CWD are not both set\n", __func__);
		test__skip();
		return;
	}

	flags = fcntl(0, F_GETFL);
	if (ASSERT_GE(flags, 0, "fd0_open"))
		ASSERT_EQ(flags & O_ACCMODE, O_RDONLY, "fd0_rdonly");
	if (ASSERT_OK(stat(fd0_path, &want), "stat_fd0_file") &&
	    ASSERT_OK(fstat(0, &got), "fstat_fd0"))
		ASSERT_TRUE(same_file(&want, &got), "fd0_is_the_workers");

	if (ASSERT_OK(stat(cwd_path, &want), "stat_cwd_dir") &&
	    ASSERT_OK(stat(".", &got), "stat_cwd"))
		ASSERT_TRUE(same_file(&want, &got), "cwd_is_the_workers");
}
