// SPDX-License-Identifier: GPL-2.0
/*
 * An LSM's own error reaches the caller of BPF_OBJ_PIN: with a BPF LSM
 * program that refuses this process's path_mknod calls with EXDEV, a pin
 * into a BPF FS directory through path_fd fails with EXDEV and leaves no
 * file; once the program is gone the same pin works. The coverage check
 * runs it for the line of bpf_obj_do_pin() that only an LSM's refusal
 * reaches.
 *
 * Prints "lsm_deny: pin-errno E denied N, pin after detach OK" and exits
 * 0 when that is what happened.
 */
#define _GNU_SOURCE /* strerrorname_np() */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "lsm_deny.skel.h"

#define DIR "/sys/fs/bpf/lsm_deny"
#define NAME "map"

static int pin_at(int map_fd, int dir_fd)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = dir_fd);

	return bpf_obj_pin_opts(map_fd, NAME, &opts);
}

int main(void)
{
	struct lsm_deny *skel;
	int map_fd = -1, dir_fd = -1, err, pin_errno, ret = 1;

	skel = lsm_deny__open_and_load();
	if (!skel) {
		fprintf(stderr, "lsm_deny: cannot load the BPF LSM program: %s\n", strerror(errno));
		return 1;
	}
	skel->bss->deny_pid = getpid();
	if (lsm_deny__attach(skel)) {
		fprintf(stderr, "lsm_deny: cannot attach to lsm/path_mknod (is \"bpf\" in lsm=?): %s\n",
			strerror(errno));
		goto out;
	}
	if (mkdir(DIR, 0700) && errno != EEXIST) {
		perror("lsm_deny: mkdir " DIR);
		goto out;
	}
	dir_fd = open(DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "lsm_deny", 4, 4, 1, NULL);
	if (dir_fd < 0 || map_fd < 0) {
		perror("lsm_deny: open " DIR " or bpf_map_create");
		goto out;
	}

	err = pin_at(map_fd, dir_fd);
	pin_errno = err ? -err : 0;
	printf("lsm_deny: pin-errno %s denied %d", pin_errno ? strerrorname_np(pin_errno) : "0",
	       skel->bss->denied);
	if (pin_errno != EXDEV || skel->bss->denied != 1) {
		printf("\nlsm_deny: the LSM's EXDEV did not reach the caller\n");
		goto out;
	}
	if (!access(DIR "/" NAME, F_OK)) {
		printf("\nlsm_deny: a refused pin left a file\n");
		goto out;
	}
	lsm_deny__detach(skel);
	err = pin_at(map_fd, dir_fd);
	printf(", pin after detach %s\n", err ? strerrorname_np(-err) : "OK");
	ret = err ? 1 : 0;
out:
	unlink(DIR "/" NAME);
	rmdir(DIR);
	if (map_fd >= 0)
		close(map_fd);
	if (dir_fd >= 0)
		close(dir_fd);
	lsm_deny__destroy(skel);
	return ret;
}
