// SPDX-License-Identifier: GPL-2.0
/*
 * Pin a new BPF map, for the debian-system check's AppArmor tests
 * (guest/debian-system-suite), which confine this program with the
 * profile guest/system/pin_at.apparmor:
 *
 *   pin_at DIR NAME   NAME relative to an O_PATH fd of DIR (BPF_F_PATH_FD)
 *   pin_at -p PATH    PATH as it is, without path_fd (any kernel)
 *   pin_at -d NAME    NAME relative to the root of a new detached BPF FS
 *
 * It prints "pin_at: WHAT: ok" and exits 0, or "pin_at: WHAT: ENAME
 * (message)" and exits 1. Built in the guest with Debian's gcc against
 * the installed <linux/bpf.h> and libbpf 1.4.6: BPF_F_PATH_FD comes from
 * the header, so this builds only against the patched one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/mount.h>
#include <bpf/bpf.h>

static int detached_bpffs(void)
{
	int fs_fd, mnt_fd = -1;

	fs_fd = syscall(__NR_fsopen, "bpf", 0);
	if (fs_fd < 0)
		return -1;
	if (!syscall(__NR_fsconfig, fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		mnt_fd = syscall(__NR_fsmount, fs_fd, FSMOUNT_CLOEXEC, 0);
	return mnt_fd;
}

static int report(const char *what, int err)
{
	if (!err) {
		printf("pin_at: %s: ok\n", what);
		return 0;
	}
	printf("pin_at: %s: %s (%s)\n", what, strerrorname_np(err), strerror(err));
	return 1;
}

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, opts, .file_flags = BPF_F_PATH_FD);
	char what[512];
	int map_fd;

	if (argc != 3) {
		fprintf(stderr, "usage: %s DIR NAME | -p PATH | -d NAME\n", argv[0]);
		return 2;
	}
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "pin_at", 4, 4, 1, NULL);
	if (map_fd < 0)
		return report("bpf_map_create", -map_fd);

	if (!strcmp(argv[1], "-p")) {
		snprintf(what, sizeof(what), "%s (no path_fd)", argv[2]);
		return report(what, bpf_obj_pin(map_fd, argv[2]) ? errno : 0);
	}
	if (!strcmp(argv[1], "-d")) {
		snprintf(what, sizeof(what), "%s in a detached BPF FS", argv[2]);
		opts.path_fd = detached_bpffs();
		if (opts.path_fd < 0)
			return report("detached BPF FS (fsopen, fsmount)", errno);
	} else {
		snprintf(what, sizeof(what), "%s relative to an O_PATH fd of %s",
			 argv[2], argv[1]);
		opts.path_fd = open(argv[1], O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (opts.path_fd < 0)
			return report(argv[1], errno);
	}
	return report(what, bpf_obj_pin_opts(map_fd, argv[2], &opts) ? errno : 0);
}
