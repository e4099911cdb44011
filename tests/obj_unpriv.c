// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_F_PATH_FD for a caller without privileges. As root, set up a map,
 * a BPF FS directory only root may write (with the map pinned in it,
 * mode 0600), a world-writable one, and a detached BPF FS with the map
 * pinned (0600). Then, as uid/gid 65534 without capabilities, holding
 * the inherited fds:
 *  - pin and get give the same answer with BPF_F_PATH_FD + dir fd as by
 *    path without the flag: EACCES for the root-only directory and the
 *    0600 object, success in the world-writable directory (and in the
 *    detached mount, whose root is 1777 like /tmp);
 *  - a path_fd of a directory the caller cannot write gives EACCES;
 *  - nothing is created where the caller may not create.
 *
 * Usage: obj_unpriv (as root); exits non-zero on any failed check.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include "bpffs.h"

#define RO_DIR "/sys/fs/bpf/unpriv_ro"
#define RW_DIR "/sys/fs/bpf/unpriv_rw"

static int failures;

static void die(const char *what)
{
	fprintf(stderr, "obj_unpriv: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* 0 or -errno */
static int obj(int cmd, int bpf_fd, int path_fd, const char *name, __u32 flags)
{
	union bpf_attr attr = {
		.pathname = (unsigned long)name,
		.bpf_fd = bpf_fd,
		.file_flags = flags,
		.path_fd = path_fd,
	};
	int ret = syscall(__NR_bpf, cmd, &attr, sizeof(attr));

	if (ret < 0)
		return -errno;
	if (cmd == BPF_OBJ_GET)
		close(ret);
	return 0;
}

static void expect(const char *what, int got, int want)
{
	printf("%s %s: %s (want %s)\n", got == want ? "ok  " : "FAIL", what,
	       got ? strerror(-got) : "success", want ? strerror(-want) : "success");
	failures += got != want;
}

static int count_entries(const char *dir)
{
	struct dirent *e;
	int n = 0;
	DIR *d = opendir(dir);

	if (!d)
		die(dir);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void unprivileged(int map_fd, int ro_fd, int rw_fd, int mnt_fd)
{
	int r;

	if (setgroups(0, NULL) || setgid(65534) || setuid(65534))
		die("dropping privileges");
	printf("running as uid %d\n", getuid());

	/* a directory only root may write: same answer both ways */
	expect("pin by path into root-only dir", obj(BPF_OBJ_PIN, map_fd, 0, RO_DIR "/m", 0), -EACCES);
	expect("pin by path_fd into root-only dir", obj(BPF_OBJ_PIN, map_fd, ro_fd, "m", BPF_F_PATH_FD), -EACCES);
	/* a fresh BPF FS root is mode 1777, like /tmp: anyone may pin there */
	expect("pin into the detached mount (mode 1777)",
	       obj(BPF_OBJ_PIN, map_fd, mnt_fd, "m", BPF_F_PATH_FD), 0);
	unlinkat(mnt_fd, "m", 0);

	/* a 0600 object of root's */
	expect("get 0600 object by path", obj(BPF_OBJ_GET, 0, 0, RO_DIR "/secret", 0), -EACCES);
	expect("get 0600 object by path_fd", obj(BPF_OBJ_GET, 0, ro_fd, "secret", BPF_F_PATH_FD), -EACCES);
	expect("get 0600 object by path_fd, read-only",
	       obj(BPF_OBJ_GET, 0, ro_fd, "secret", BPF_F_PATH_FD | BPF_F_RDONLY), -EACCES);
	expect("get 0600 object in the detached mount",
	       obj(BPF_OBJ_GET, 0, mnt_fd, "secret", BPF_F_PATH_FD), -EACCES);

	/* a world-writable directory: allowed both ways, as before */
	r = obj(BPF_OBJ_PIN, map_fd, 0, RW_DIR "/by_path", 0);
	expect("pin by path into world-writable dir", r, 0);
	r = obj(BPF_OBJ_PIN, map_fd, rw_fd, "by_fd", BPF_F_PATH_FD);
	expect("pin by path_fd into world-writable dir", r, 0);
	expect("get own pin by path_fd", obj(BPF_OBJ_GET, 0, rw_fd, "by_fd", BPF_F_PATH_FD), 0);
	unlink(RW_DIR "/by_path");
	unlink(RW_DIR "/by_fd");
	exit(failures ? 1 : 0);
}

int main(void)
{
	union bpf_attr attr = {
		.map_type = BPF_MAP_TYPE_ARRAY,
		.key_size = 4, .value_size = 4, .max_entries = 1,
	};
	int map_fd, ro_fd, rw_fd, mnt_fd, status;
	pid_t pid;

	umask(077);
	map_fd = syscall(__NR_bpf, BPF_MAP_CREATE, &attr, sizeof(attr));
	if (map_fd < 0)
		die("map create (run as root)");
	if ((mkdir(RO_DIR, 0755) && errno != EEXIST) ||
	    (mkdir(RW_DIR, 0777) && errno != EEXIST) || chmod(RW_DIR, 0777) ||
	    chmod(RO_DIR, 0755))	/* umask 077 would make it 0700 */
		die("mkdir");
	ro_fd = open(RO_DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	rw_fd = open(RW_DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (ro_fd < 0 || rw_fd < 0)
		die("open");
	mnt_fd = detached_bpffs();
	if (mnt_fd < 0)
		die("detached BPF FS");
	if (obj(BPF_OBJ_PIN, map_fd, ro_fd, "secret", BPF_F_PATH_FD) ||
	    obj(BPF_OBJ_PIN, map_fd, mnt_fd, "secret", BPF_F_PATH_FD))
		die("pin as root");

	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0)
		unprivileged(map_fd, ro_fd, rw_fd, mnt_fd);
	if (waitpid(pid, &status, 0) != pid)
		die("waitpid");

	expect("nothing new in the root-only dir", count_entries(RO_DIR) == 1 ? 0 : -EEXIST, 0);
	expect("nothing left in the world-writable dir", count_entries(RW_DIR) == 0 ? 0 : -EEXIST, 0);
	unlink(RO_DIR "/secret");
	rmdir(RO_DIR);
	rmdir(RW_DIR);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		failures++;
	printf("obj_unpriv: %s\n", failures ? "FAILED" : "all checks passed");
	return failures ? 1 : 0;
}
