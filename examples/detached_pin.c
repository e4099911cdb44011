// SPDX-License-Identifier: GPL-2.0
/*
 * Pin a BPF map into a BPF filesystem that is mounted nowhere.
 *
 * fsopen("bpf"), fsconfig(FSCONFIG_CMD_CREATE) and fsmount() create a
 * BPF FS instance and return an fd for its root; no path leads to it.
 * With BPF_F_PATH_FD, BPF_OBJ_PIN and BPF_OBJ_GET resolve a relative
 * name against that fd, like openat(2). Then the same again with the
 * mount fd moved onto fd 0, which is an ordinary fd for path_fd.
 *
 * Usage: detached_pin   (as root; exits 2 if the kernel lacks the feature)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "common.h"

int main(void)
{
	int map_fd, mnt_fd, ret;

	map_fd = create_example_map();
	if (map_fd < 0)
		return 1;
	mnt_fd = detached_bpffs();
	if (mnt_fd < 0) {
		fprintf(stderr, "cannot create a detached BPF FS: %s\n",
			strerror(errno));
		return 1;
	}
	printf("detached BPF FS mount on fd %d\n", mnt_fd);
	ret = pin_and_get(map_fd, mnt_fd, "example_map");
	if (ret)
		return ret;

	/* fd 0 is not special: put the mount there and do it again. */
	if (dup2(mnt_fd, 0) != 0) {
		fprintf(stderr, "dup2: %s\n", strerror(errno));
		return 1;
	}
	close(mnt_fd);
	printf("moved the mount onto fd 0\n");
	ret = pin_and_get(map_fd, 0, "example_map_fd0");
	if (ret)
		return ret;
	printf("OK: pinned and got the map back through a detached mount, also as fd 0\n");
	return 0;
}
