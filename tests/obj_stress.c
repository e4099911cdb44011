// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency stress of BPF_F_PATH_FD on one detached BPF FS mount.
 *
 * WORKERS threads create maps and pin, get, rename and unlink them
 * through the mount's fd, while another thread keeps replacing that fd:
 * it opens a new fd for the mount root, publishes it, and closes the old
 * one, so workers race with a close of the fd they just read (EBADF is
 * then a correct answer). At the end every fd is closed, the mount is
 * dropped, and every map id that a worker created must be gone from
 * BPF_MAP_GET_NEXT_ID (within a grace period: freeing is deferred), and
 * the process must have the fds it started with.
 *
 * Usage: obj_stress [SECONDS [WORKERS]]; exits non-zero on any
 * unexpected errno, leaked map or leaked fd, or if no pin, get or rename
 * ever succeeded.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include "bpffs.h"

#define MAX_WORKERS 16
#define MAX_IDS (1 << 20)

static atomic_int mount_fd = -1;
static atomic_bool stop;
static atomic_ulong ops, unexpected;
/* successful pins, gets and renames: a run in which all fail tests nothing */
static atomic_ulong pinned, got, renamed;
static __u32 ids[MAX_IDS];
static atomic_uint nr_ids;

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static void die(const char *what)
{
	fprintf(stderr, "obj_stress: %s: %s\n", what, strerror(errno));
	exit(2);
}

/*
 * errno values a racing worker may see; anything else is a bug. EBADF:
 * the mount fd it read was closed meanwhile; ENOTDIR: and its number
 * was reused at once by a map fd of another worker.
 */
static void check(const char *what, int ret, int allowed1, int allowed2,
		  atomic_ulong *ok)
{
	atomic_fetch_add(&ops, 1);
	if (ret >= 0) {
		if (ok)
			atomic_fetch_add(ok, 1);
		return;
	}
	if (errno == allowed1 || errno == allowed2 ||
	    errno == EBADF || errno == ENOTDIR)
		return;
	if (atomic_fetch_add(&unexpected, 1) < 10)
		fprintf(stderr, "obj_stress: %s: unexpected %s\n", what,
			strerror(errno));
}

static int new_map(void)
{
	union bpf_attr attr = {
		.map_type = BPF_MAP_TYPE_ARRAY,
		.key_size = 4, .value_size = 4, .max_entries = 1,
	};
	struct bpf_map_info info = {};
	union bpf_attr ia = {};
	int fd;

	fd = sys_bpf(BPF_MAP_CREATE, &attr);
	if (fd < 0)
		die("map create");
	ia.info.bpf_fd = fd;
	ia.info.info_len = sizeof(info);
	ia.info.info = (unsigned long)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &ia))
		die("map info");
	ids[atomic_fetch_add(&nr_ids, 1) % MAX_IDS] = info.id;
	return fd;
}

static void *worker(void *arg)
{
	unsigned int seed = (unsigned long)arg;
	char name[32], other[32];

	while (!atomic_load(&stop)) {
		int map_fd = new_map(), dir_fd = atomic_load(&mount_fd);
		union bpf_attr attr = {
			.pathname = (unsigned long)name,
			.file_flags = BPF_F_PATH_FD,
			.path_fd = dir_fd,
		};
		int fd;

		snprintf(name, sizeof(name), "m%u", rand_r(&seed) % 64);
		snprintf(other, sizeof(other), "m%u", rand_r(&seed) % 64);
		attr.bpf_fd = map_fd;
		/* another worker may hold the name: EEXIST */
		check("pin", sys_bpf(BPF_OBJ_PIN, &attr), EEXIST, 0, &pinned);
		attr.bpf_fd = 0;
		fd = sys_bpf(BPF_OBJ_GET, &attr);
		check("get", fd, ENOENT, 0, &got);
		if (fd >= 0)
			close(fd);
		check("rename", renameat(dir_fd, name, dir_fd, other), ENOENT, 0,
		      &renamed);
		check("unlink", unlinkat(dir_fd, other, 0), ENOENT, 0, NULL);
		close(map_fd);
	}
	return NULL;
}

/* Keep replacing the published mount fd with a fresh one. */
static void *churn(void *arg)
{
	while (!atomic_load(&stop)) {
		int old = atomic_load(&mount_fd);
		int fd = openat(old, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);

		if (fd < 0)
			die("reopen mount root");
		atomic_store(&mount_fd, fd);
		close(old);
		atomic_fetch_add(&ops, 1);
	}
	return NULL;
}

static int count_fds(void)
{
	struct dirent *e;
	int n = 0;
	DIR *d = opendir("/proc/self/fd");

	if (!d)
		die("/proc/self/fd");
	while ((e = readdir(d)))
		n++;
	closedir(d);
	return n;
}

static int cmp_u32(const void *a, const void *b)
{
	__u32 x = *(const __u32 *)a, y = *(const __u32 *)b;

	return x < y ? -1 : x > y;
}

/* How many of the created map ids still exist. */
static unsigned int live_maps(unsigned int n)
{
	union bpf_attr attr = {};
	unsigned int live = 0;

	while (!sys_bpf(BPF_MAP_GET_NEXT_ID, &attr)) {
		if (bsearch(&attr.next_id, ids, n, sizeof(ids[0]), cmp_u32))
			live++;
		attr.start_id = attr.next_id;
	}
	return live;
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 10;
	int workers = argc > 2 ? atoi(argv[2]) : 4;
	pthread_t tid[MAX_WORKERS + 1];
	int fds_before, fds_after, i, waited;
	unsigned int n, live;

	if (workers < 1 || workers > MAX_WORKERS)
		workers = 4;
	fds_before = count_fds();
	atomic_store(&mount_fd, detached_bpffs());
	if (atomic_load(&mount_fd) < 0)
		die("detached BPF FS");

	for (i = 0; i <= workers; i++) {
		/* pthread_create() returns the error instead of setting errno */
		errno = pthread_create(&tid[i], NULL, i < workers ? worker : churn,
				       (void *)(long)(i + 1));
		if (errno)
			die("pthread_create");
	}
	sleep(secs);
	atomic_store(&stop, true);
	for (i = 0; i <= workers; i++)
		pthread_join(tid[i], NULL);
	/* dropping the last fd of the mount unpins whatever is left */
	close(atomic_load(&mount_fd));

	n = atomic_load(&nr_ids);
	if (n > MAX_IDS)
		n = MAX_IDS;
	qsort(ids, n, sizeof(ids[0]), cmp_u32);
	for (waited = 0; (live = live_maps(n)) && waited < 100; waited++)
		usleep(100000);
	fds_after = count_fds();
	printf("obj_stress: %d workers, %d s, %lu operations (%lu pins, %lu gets, %lu renames succeeded), %u maps created, %u still alive after %d.%d s, %lu unexpected errors, fds before %d after %d\n",
	       workers, secs, atomic_load(&ops), atomic_load(&pinned),
	       atomic_load(&got), atomic_load(&renamed), n, live, waited / 10,
	       waited % 10, atomic_load(&unexpected), fds_before, fds_after);
	return live || atomic_load(&unexpected) || fds_before != fds_after ||
	       !atomic_load(&pinned) || !atomic_load(&got) ||
	       !atomic_load(&renamed);
}
