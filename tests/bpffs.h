/* SPDX-License-Identifier: GPL-2.0 */
/* A detached BPF FS for the tests and the benchmark. */
#ifndef TESTS_BPFFS_H
#define TESTS_BPFFS_H

#include <errno.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/mount.h>

/*
 * fsopen("bpf") + FSCONFIG_CMD_CREATE + fsmount(): the fd of the root of
 * a new BPF FS that no path leads to, or -1 with errno set.
 */
static inline int detached_bpffs(void)
{
	int fs_fd, mnt_fd, err;

	fs_fd = syscall(__NR_fsopen, "bpf", 0);
	if (fs_fd < 0)
		return -1;
	mnt_fd = -1;
	if (!syscall(__NR_fsconfig, fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		mnt_fd = syscall(__NR_fsmount, fs_fd, 0, 0);
	err = errno;
	close(fs_fd);
	errno = err;
	return mnt_fd;
}

#endif
