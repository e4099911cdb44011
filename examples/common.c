// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/mount.h>
#include "common.h"

int detached_bpffs(void)
{
	int fs_fd, mnt_fd = -1, err;

	fs_fd = syscall(__NR_fsopen, "bpf", 0);
	if (fs_fd < 0)
		return -1;
	if (!syscall(__NR_fsconfig, fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		mnt_fd = syscall(__NR_fsmount, fs_fd, FSMOUNT_CLOEXEC, 0);
	err = errno;
	close(fs_fd);
	errno = err;
	return mnt_fd;
}

int create_example_map(void)
{
	__u32 key = 0, value = EXAMPLE_VALUE;
	int fd;

	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "example_map", sizeof(key),
			    sizeof(value), 1, NULL);
	if (fd < 0) {
		fprintf(stderr, "cannot create a BPF map: %s (run as root)\n",
			strerror(-fd));
		return -1;
	}
	if (bpf_map_update_elem(fd, &key, &value, BPF_ANY)) {
		fprintf(stderr, "cannot write the map: %s\n", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static __u32 map_id(int fd)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

int check_example_map(int map_fd, int fd)
{
	__u32 key = 0, value = 0;

	if (bpf_map_lookup_elem(fd, &key, &value)) {
		fprintf(stderr, "cannot read the map: %s\n", strerror(errno));
		return -1;
	}
	printf("  got map id %u back (pinned map id %u), value 0x%x\n",
	       map_id(fd), map_id(map_fd), value);
	if (map_id(fd) != map_id(map_fd) || value != EXAMPLE_VALUE) {
		fprintf(stderr, "not the map that was pinned\n");
		return -1;
	}
	return 0;
}

/* Pin @map_fd as @name relative to @dir_fd, get it back, check it. */
int pin_and_get(int map_fd, int dir_fd, const char *name)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, pin_opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = dir_fd);
	LIBBPF_OPTS(bpf_obj_get_opts, get_opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = dir_fd);
	int err, fd;

	err = bpf_obj_pin_opts(map_fd, name, &pin_opts);
	if (err)
		return report_path_fd_error("BPF_OBJ_PIN", err);
	printf("  pinned as \"%s\" through path_fd %d\n", name, dir_fd);
	fd = bpf_obj_get_opts(name, &get_opts);
	if (fd < 0)
		return report_path_fd_error("BPF_OBJ_GET", fd);
	err = check_example_map(map_fd, fd);
	close(fd);
	return err ? 1 : 0;
}

int report_path_fd_error(const char *what, int err)
{
	if (err == -EINVAL) {
		fprintf(stderr, "this kernel does not support BPF_F_PATH_FD: "
			"needs Linux 6.5 or this series\n");
		return 2;
	}
	fprintf(stderr, "%s: %s\n", what, strerror(-err));
	return 1;
}
