// SPDX-License-Identifier: GPL-2.0
/*
 * Cost of BPF_OBJ_PIN (+unlink) and BPF_OBJ_GET (+close) of a map, by
 * how the name is given:
 *   abs     absolute path                 /sys/fs/bpf/pin_bench/d1/d2/.../dN/m
 *   cwd     relative to the cwd           fchdir(fd of .../dN), "m"
 *   opath   O_PATH fd of the directory    path_fd = open(.../dN), "m"
 *   detached fd of a detached BPF FS      path_fd = mnt_fd, "d1/d2/.../dN/m"
 * at directory depth N = 1 and 16. Each run times ITERS operations of
 * every mode in turn, so that all modes see the same machine; the
 * figure printed is the median of RUNS runs, in operations per second.
 * The fd modes are left out on a kernel without BPF_F_PATH_FD.
 *
 * Usage: pin_bench [ITERS [RUNS]]
 * Output: "RESULT <mode> <depth> <pin|get> <ops per second>" lines.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <bpf/bpf.h>

/* Debian 12's linux/bpf.h (Linux 6.1) predates the flag; its value is ABI. */
#ifndef BPF_F_PATH_FD
#define BPF_F_PATH_FD (1U << 14)
#endif
#include "../tests/bpffs.h"

#define ROOT "/sys/fs/bpf/pin_bench"
#define MAX_RUNS 31

enum mode { ABS, CWD, OPATH, DETACHED, NR_MODES };
static const char *mode_name[NR_MODES] = { "abs", "cwd", "opath", "detached" };
static const int depths[] = { 1, 16 };

struct target {
	int cwd_fd;		/* directory to fchdir() to first, or -1 */
	int dir_fd;		/* fd the name is relative to, or AT_FDCWD */
	__u32 flags;		/* BPF_F_PATH_FD for the fd modes */
	char name[512];
};

static void die(const char *what)
{
	fprintf(stderr, "pin_bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* "d1/d2/.../dN" */
static void chain(char *buf, size_t sz, int depth)
{
	size_t n = 0;
	int i;

	buf[0] = 0;
	for (i = 1; i <= depth; i++)
		n += snprintf(buf + n, sz - n, "%sd%d", i > 1 ? "/" : "", i);
}

/* mkdir -p of @rel below @dir_fd */
static void make_dirs(int dir_fd, const char *rel)
{
	char path[512], *p;

	snprintf(path, sizeof(path), "%s", rel);
	for (p = path; ; p++) {
		if ((*p == '/' && p != path) || !*p) {
			char c = *p;

			*p = 0;
			if (mkdirat(dir_fd, path, 0700) && errno != EEXIST)
				die("mkdir");
			*p = c;
			if (!c)
				break;
		}
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double time_pin(int map_fd, const struct target *t, int iters)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, opts, .file_flags = t->flags,
		    .path_fd = t->flags ? t->dir_fd : 0);
	double start = now();
	int i;

	for (i = 0; i < iters; i++) {
		if (bpf_obj_pin_opts(map_fd, t->name, &opts))
			die("pin");
		if (unlinkat(t->dir_fd, t->name, 0))
			die("unlink");
	}
	return iters / (now() - start);
}

static double time_get(const struct target *t, int iters)
{
	LIBBPF_OPTS(bpf_obj_get_opts, opts, .file_flags = t->flags,
		    .path_fd = t->flags ? t->dir_fd : 0);
	double start = now();
	int i, fd;

	for (i = 0; i < iters; i++) {
		fd = bpf_obj_get_opts(t->name, &opts);
		if (fd < 0)
			die("get");
		close(fd);
	}
	return iters / (now() - start);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static bool has_path_fd(int map_fd)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = AT_FDCWD);

	if (bpf_obj_pin_opts(map_fd, ROOT "/probe", &opts))
		return false;
	unlink(ROOT "/probe");
	return true;
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 2000;
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	struct target t[2][NR_MODES];
	double pin[2][NR_MODES][MAX_RUNS], get[2][NR_MODES][MAX_RUNS];
	int map_fd, mnt_fd = -1, d, m, r, nr_modes = NR_MODES;
	char rel[128], dir[256];

	if (iters < 1 || runs < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "usage: %s [ITERS [RUNS (1-%d)]]\n", argv[0], MAX_RUNS);
		return 1;
	}
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "pin_bench", 4, 4, 1, NULL);
	if (map_fd < 0)
		die("map_create");
	if (mkdir(ROOT, 0700) && errno != EEXIST)
		die("mkdir " ROOT);
	if (!has_path_fd(map_fd)) {
		printf("pin_bench: no BPF_F_PATH_FD, timing abs and cwd only\n");
		nr_modes = OPATH;
	} else {
		mnt_fd = detached_bpffs();
		if (mnt_fd < 0)
			die("detached BPF FS");
	}

	for (d = 0; d < 2; d++) {
		int dir_fd;

		chain(rel, sizeof(rel), depths[d]);
		snprintf(dir, sizeof(dir), "%s/%s", ROOT, rel);
		make_dirs(AT_FDCWD, dir);
		dir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (dir_fd < 0)
			die("open dir");
		t[d][ABS] = (struct target){ -1, AT_FDCWD, 0, "" };
		snprintf(t[d][ABS].name, sizeof(t[d][ABS].name), "%s/m", dir);
		t[d][CWD] = (struct target){ dir_fd, AT_FDCWD, 0, "m" };
		t[d][OPATH] = (struct target){ -1, dir_fd, BPF_F_PATH_FD, "m" };
		if (mnt_fd >= 0) {
			make_dirs(mnt_fd, rel);
			t[d][DETACHED] = (struct target){ -1, mnt_fd, BPF_F_PATH_FD, "" };
			snprintf(t[d][DETACHED].name, sizeof(t[d][DETACHED].name), "%s/m", rel);
		}
	}

	for (r = 0; r < runs; r++) {
		for (d = 0; d < 2; d++) {
			for (m = 0; m < nr_modes; m++) {
				struct target *x = &t[d][m];
				LIBBPF_OPTS(bpf_obj_pin_opts, opts, .file_flags = x->flags,
					    .path_fd = x->flags ? x->dir_fd : 0);

				if (x->cwd_fd >= 0 && fchdir(x->cwd_fd))
					die("fchdir");
				pin[d][m][r] = time_pin(map_fd, x, iters);
				if (bpf_obj_pin_opts(map_fd, x->name, &opts))
					die("pin for get");
				get[d][m][r] = time_get(x, iters);
				if (unlinkat(x->dir_fd, x->name, 0))
					die("unlink after get");
			}
		}
	}

	for (d = 0; d < 2; d++)
		for (m = 0; m < nr_modes; m++) {
			printf("RESULT %s %d pin %.0f\n", mode_name[m], depths[d],
			       median(pin[d][m], runs));
			printf("RESULT %s %d get %.0f\n", mode_name[m], depths[d],
			       median(get[d][m], runs));
		}
	return 0;
}
