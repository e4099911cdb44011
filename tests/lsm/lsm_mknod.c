// SPDX-License-Identifier: GPL-2.0
/*
 * Patch 1 of the series, observed: BPF_OBJ_PIN into a directory that is
 * not on BPF FS fails with EPERM, and with the patch the path_mknod LSM
 * hook is not called for it (the BPF FS check comes first); without it
 * the hook runs before the check. A BPF LSM program counts the hook's
 * calls from this process; mkfifo() on tmpfs is the control that shows
 * the program counts.
 *
 * Prints "lsm_mknod: control N pin-errno E pin-calls P" and exits 0 when
 * the control counted and the pin failed with EPERM; the caller judges P
 * (0 with the patch, 1 without).
 */
#define _GNU_SOURCE /* strerrorname_np() */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "lsm_mknod.skel.h"

#define DIR "/tmp/lsm_mknod"

int main(void)
{
	struct lsm_mknod *skel;
	int map_fd = -1, before, control, pin_calls, err, pin_errno;
	int ret = 1;

	skel = lsm_mknod__open_and_load();
	if (!skel) {
		fprintf(stderr, "lsm_mknod: cannot load the BPF LSM program: %s\n", strerror(errno));
		return 1;
	}
	skel->bss->target_pid = getpid();
	if (lsm_mknod__attach(skel)) {
		fprintf(stderr, "lsm_mknod: cannot attach to lsm/path_mknod (is \"bpf\" in lsm=?): %s\n",
			strerror(errno));
		goto out;
	}
	if (mkdir(DIR, 0700) && errno != EEXIST) {
		perror("lsm_mknod: mkdir " DIR);
		goto out;
	}

	before = skel->bss->calls;
	if (mkfifo(DIR "/fifo", 0600)) {
		perror("lsm_mknod: mkfifo");
		goto out;
	}
	control = skel->bss->calls - before;
	unlink(DIR "/fifo");

	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "lsm_mknod", 4, 4, 1, NULL);
	if (map_fd < 0) {
		perror("lsm_mknod: bpf_map_create");
		goto out;
	}
	before = skel->bss->calls;
	err = bpf_obj_pin(map_fd, DIR "/map");
	pin_errno = err ? errno : 0;
	pin_calls = skel->bss->calls - before;
	if (!err)
		unlink(DIR "/map");

	printf("lsm_mknod: control %d pin-errno %s pin-calls %d\n",
	       control, pin_errno ? strerrorname_np(pin_errno) : "0", pin_calls);
	if (control < 1)
		fprintf(stderr, "lsm_mknod: mkfifo was not counted: the program does not see the hook\n");
	else if (pin_errno != EPERM)
		fprintf(stderr, "lsm_mknod: a pin outside BPF FS did not fail with EPERM\n");
	else
		ret = 0;
out:
	if (map_fd >= 0)
		close(map_fd);
	rmdir(DIR);
	lsm_mknod__destroy(skel);
	return ret;
}
