// SPDX-License-Identifier: GPL-2.0
/*
 * Seeded random BPF_OBJ_PIN / BPF_OBJ_GET calls through the raw syscall,
 * each result checked against a model of the kernel's checks written
 * from the project's reference (mainline 6.5 semantics), in the order
 * the kernel makes them:
 *
 *   size > PAGE_SIZE                         E2BIG
 *   attr pointer NULL, size > 0              EFAULT
 *   non-zero bytes past sizeof(attr)         E2BIG
 *   non-zero bytes after path_fd             EINVAL
 *   pin: flags other than BPF_F_PATH_FD      EINVAL
 *   get: bpf_fd != 0, unknown flags          EINVAL
 *   path_fd != 0 without BPF_F_PATH_FD       EINVAL
 *   pin: bpf_fd not a BPF object             EINVAL
 *   get: BPF_F_RDONLY | BPF_F_WRONLY         EINVAL
 *   pathname NULL or bad pointer             EFAULT
 *   pathname >= PATH_MAX                     ENAMETOOLONG
 *   pathname ""                              ENOENT
 *   relative name, dirfd not open            EBADF
 *   relative name, dirfd not a directory     ENOTDIR
 *   then the lookup in the directory: see resolve().
 *
 * Runs as root in the guest. fd 0 is made an O_PATH fd of a tmpfs
 * directory, so that a kernel that took fd 0 for a zero path_fd without
 * the flag would give other answers than the model.
 *
 * Usage: obj_fuzz [CALLS [SEED]]; exits non-zero on any mismatch, on a
 * leaked fd or on a leftover file.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include "bpffs.h"

#define BPF_DIR "/sys/fs/bpf/fuzz"
#define TMP_DIR "/tmp/fuzz"
#define ATTR_SZ sizeof(union bpf_attr)
#define BUF_SZ 8192

/* Where a name is looked up. */
enum dir { D_BPF, D_DET, D_TMP };

/* What a path_fd value is. */
enum fd_kind { K_DIR, K_BADF, K_NOTDIR };

struct fd_entry {
	const char *what;
	int fd;
	enum fd_kind kind;
	enum dir dir;
};

enum name_kind {
	N_NEW, N_DOTNEW, N_SUBNEW, N_NEW_SLASH, N_PINNED, N_PINNED_SLASH,
	N_DOT, N_DOTDOT, N_EMPTY, N_LONG, N_NULL, N_BADPTR,
	N_ABS_NEW, N_ABS_PINNED, N_ABS_TMP_NEW, N_ABS_TMP_PINNED, NR_NAMES
};

static const char *names[NR_NAMES] = {
	"new", "./new", "nosuch/new", "new/", "pinned", "pinned/", ".", "..",
	"", NULL /* long */, NULL, NULL, BPF_DIR "/new", BPF_DIR "/pinned",
	TMP_DIR "/new", TMP_DIR "/pinned",
};

static struct fd_entry fds[12];
static int nr_fds;
static int map_fd, file_fd, closed_fd, mnt_fd;
static char long_name[PATH_MAX + 100];

static void die(const char *what)
{
	fprintf(stderr, "obj_fuzz: %s: %s\n", what, strerror(errno));
	exit(2);
}

static unsigned long long rng;

static unsigned int rnd(unsigned int n)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned int)(rng >> 33) % n;
}

static void add_fd(const char *what, int fd, enum fd_kind kind, enum dir dir)
{
	fds[nr_fds++] = (struct fd_entry){ what, fd, kind, dir };
}

static int sys_bpf(int cmd, void *attr, unsigned int size)
{
	return syscall(__NR_bpf, cmd, attr, size);
}

static void pin_fixture(int dir_fd, const char *name)
{
	union bpf_attr attr = {
		.pathname = (unsigned long)name,
		.bpf_fd = map_fd,
		.file_flags = BPF_F_PATH_FD,
		.path_fd = dir_fd,
	};

	if (sys_bpf(BPF_OBJ_PIN, &attr, ATTR_SZ))
		die("pin fixture");
}

static void setup(void)
{
	union bpf_attr attr = {
		.map_type = BPF_MAP_TYPE_ARRAY,
		.key_size = 4, .value_size = 4, .max_entries = 1,
	};
	int tmp_fd, bpf_fd, opath_fd;

	map_fd = sys_bpf(BPF_MAP_CREATE, &attr, ATTR_SZ);
	if (map_fd < 0)
		die("map create");
	if ((mkdir(BPF_DIR, 0700) && errno != EEXIST) ||
	    (mkdir(TMP_DIR, 0700) && errno != EEXIST))
		die("mkdir");
	if (chdir(BPF_DIR))
		die("chdir");
	file_fd = open(TMP_DIR "/pinned", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	tmp_fd = open(TMP_DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	bpf_fd = open(BPF_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	opath_fd = open(BPF_DIR, O_PATH | O_CLOEXEC);
	if (file_fd < 0 || tmp_fd < 0 || bpf_fd < 0 || opath_fd < 0)
		die("open");
	/* a number that was an fd and is not one now, and stays free */
	closed_fd = fcntl(bpf_fd, F_DUPFD_CLOEXEC, 900);
	if (closed_fd < 0)
		die("dup");
	close(closed_fd);
	mnt_fd = detached_bpffs();
	if (mnt_fd < 0)
		die("detached BPF FS");
	pin_fixture(bpf_fd, "pinned");
	pin_fixture(mnt_fd, "pinned");

	/* fd 0: an O_PATH fd of the tmpfs directory */
	if (dup2(tmp_fd, 0) != 0)
		die("dup2");

	add_fd("0 (tmpfs dir)", 0, K_DIR, D_TMP);
	add_fd("-1", -1, K_BADF, D_BPF);
	add_fd("AT_FDCWD", AT_FDCWD, K_DIR, D_BPF);
	add_fd("closed fd", closed_fd, K_BADF, D_BPF);
	add_fd("regular file", file_fd, K_NOTDIR, D_BPF);
	add_fd("tmpfs dir", tmp_fd, K_DIR, D_TMP);
	add_fd("bpffs dir", bpf_fd, K_DIR, D_BPF);
	add_fd("O_PATH bpffs dir", opath_fd, K_DIR, D_BPF);
	add_fd("detached mount", mnt_fd, K_DIR, D_DET);
	add_fd("random", 1000 + (int)rnd(100000), K_BADF, D_BPF);
	memset(long_name, 'a', sizeof(long_name) - 1);
	names[N_LONG] = long_name;
	names[N_BADPTR] = (const char *)1;
}

/* The result of looking @n up in @d: 0 for success or -errno. */
static int resolve(int cmd, enum dir d, enum name_kind n)
{
	switch (n) {
	case N_ABS_NEW: d = D_BPF; n = N_NEW; break;
	case N_ABS_PINNED: d = D_BPF; n = N_PINNED; break;
	case N_ABS_TMP_NEW: d = D_TMP; n = N_NEW; break;
	case N_ABS_TMP_PINNED: d = D_TMP; n = N_PINNED; break;
	default: break;
	}
	if (cmd == BPF_OBJ_PIN) {
		switch (n) {
		case N_NEW:
		case N_DOTNEW:
			return d == D_TMP ? -EPERM : 0;
		case N_SUBNEW:
		case N_NEW_SLASH:	/* a trailing '/' asks for a directory */
			return -ENOENT;
		default:		/* pinned, "pinned/", ".", "..": exist */
			return -EEXIST;
		}
	}
	switch (n) {
	case N_NEW:
	case N_DOTNEW:
	case N_SUBNEW:
	case N_NEW_SLASH:
		return -ENOENT;
	case N_PINNED:
		return d == D_TMP ? -EACCES : 0;	/* not a BPF inode */
	case N_PINNED_SLASH:
		return -ENOTDIR;
	default:				/* directories */
		return -EACCES;
	}
}

static bool is_abs(enum name_kind n)
{
	return n >= N_ABS_NEW;
}

struct call {
	int cmd;
	unsigned int size;
	bool null_attr;
	unsigned int bpf_fd_choice;	/* pin: 0 map, 1 fd 0, 2 file, 3 closed */
	__u32 bpf_fd;
	__u32 flags;
	int fd_idx;			/* -1: path_fd 0 without meaning */
	int path_fd;
	enum name_kind name;
	int garbage_at;			/* -1: none */
	/* what the kernel sees, after truncation to size: set by model() */
	__u32 eff_flags;
	int eff_path_fd;
};

static const struct fd_entry *fd_entry(int fd)
{
	static const struct fd_entry unknown = { "unknown", -1, K_BADF, D_BPF };
	int i;

	for (i = 0; i < nr_fds; i++)
		if (fds[i].fd == fd)
			return &fds[i];
	return &unknown;
}

static int model(struct call *c, const unsigned char *buf)
{
	unsigned int i, copy = c->size < ATTR_SZ ? c->size : ATTR_SZ;
	const union bpf_attr *a = (const void *)buf;
	union bpf_attr eff;
	bool has_flag;
	enum dir d = D_BPF;

	memset(&eff, 0, sizeof(eff));
	if (!c->null_attr)
		memcpy(&eff, a, copy);
	c->eff_flags = eff.file_flags;
	c->eff_path_fd = eff.path_fd;

	if (c->size > 4096)
		return -E2BIG;
	if (c->null_attr && c->size)
		return -EFAULT;
	for (i = ATTR_SZ; i < c->size; i++)
		if (buf[i])
			return -E2BIG;
	for (i = offsetof(union bpf_attr, path_fd) + 4; i < ATTR_SZ; i++)
		if (((unsigned char *)&eff)[i])
			return -EINVAL;
	has_flag = eff.file_flags & BPF_F_PATH_FD;
	if (c->cmd == BPF_OBJ_PIN) {
		if (eff.file_flags & ~BPF_F_PATH_FD)
			return -EINVAL;
	} else {
		if (eff.bpf_fd ||
		    eff.file_flags & ~(BPF_F_RDONLY | BPF_F_WRONLY | BPF_F_PATH_FD))
			return -EINVAL;
	}
	if (!has_flag && eff.path_fd)
		return -EINVAL;
	if (c->cmd == BPF_OBJ_PIN && (int)eff.bpf_fd != map_fd)
		return -EINVAL;
	if (c->cmd == BPF_OBJ_GET &&
	    (eff.file_flags & BPF_F_RDONLY) && (eff.file_flags & BPF_F_WRONLY))
		return -EINVAL;
	/*
	 * An attr shorter than 8 bytes cuts the pointer short: still good
	 * if the cut bytes were zero (a static binary's data is low).
	 */
	if (!eff.pathname || eff.pathname != a->pathname ||
	    c->name == N_NULL || c->name == N_BADPTR)
		return -EFAULT;
	if (c->name == N_LONG)
		return -ENAMETOOLONG;
	if (c->name == N_EMPTY)
		return -ENOENT;
	if (!is_abs(c->name) && has_flag) {
		const struct fd_entry *f = fd_entry(eff.path_fd);

		if (f->kind == K_BADF)
			return -EBADF;
		if (f->kind == K_NOTDIR)
			return -ENOTDIR;
		d = f->dir;
	}
	return resolve(c->cmd, d, c->name);
}

static const __u32 valid_flags[] = {
	0, BPF_F_PATH_FD, BPF_F_RDONLY, BPF_F_WRONLY,
	BPF_F_RDONLY | BPF_F_WRONLY, BPF_F_RDONLY | BPF_F_PATH_FD,
	BPF_F_WRONLY | BPF_F_PATH_FD,
};

static const unsigned int sizes[] = {
	0, 4, 8, 12, 16, 20, 24, ATTR_SZ - 4, ATTR_SZ, ATTR_SZ + 8, 4096, 4097,
};

static void make_call(struct call *c, unsigned char *buf)
{
	union bpf_attr *a = (void *)buf;

	memset(c, 0, sizeof(*c));
	memset(buf, 0, BUF_SZ);
	c->cmd = rnd(2) ? BPF_OBJ_PIN : BPF_OBJ_GET;
	c->size = rnd(4) ? sizes[rnd(sizeof(sizes) / sizeof(sizes[0]))] : rnd(4098);
	c->null_attr = !rnd(50);
	c->name = rnd(NR_NAMES);
	if (c->cmd == BPF_OBJ_PIN) {
		const int pin_fds[] = { map_fd, 0, file_fd, closed_fd };

		c->bpf_fd_choice = rnd(8) < 5 ? 0 : 1 + rnd(3);
		c->bpf_fd = pin_fds[c->bpf_fd_choice];
	} else {
		c->bpf_fd = rnd(10) ? 0 : map_fd;
	}
	switch (rnd(4)) {
	case 0:
		c->flags = rnd(2) ? 1U << rnd(32) : (__u32)rnd(1U << 31) << 1 | rnd(2);
		break;
	default:
		c->flags = valid_flags[rnd(sizeof(valid_flags) / sizeof(valid_flags[0]))];
	}
	c->fd_idx = -1;
	if ((c->flags & BPF_F_PATH_FD) || rnd(4) == 0) {
		c->fd_idx = rnd(nr_fds);
		c->path_fd = fds[c->fd_idx].fd;
	}
	a->pathname = (unsigned long)names[c->name];
	a->bpf_fd = c->bpf_fd;
	a->file_flags = c->flags;
	a->path_fd = c->path_fd;
	c->garbage_at = -1;
	if (!rnd(5)) {
		c->garbage_at = offsetof(union bpf_attr, path_fd) + 4 + rnd(4096);
		buf[c->garbage_at] = 1 + rnd(255);
	}
}

/* Undo what a successful call created, so that the model stays true. */
static void undo(const struct call *c, int ret)
{
	int dir_fd = AT_FDCWD;

	if (c->cmd == BPF_OBJ_GET) {
		close(ret);
		return;
	}
	if (!is_abs(c->name) && (c->eff_flags & BPF_F_PATH_FD))
		dir_fd = c->eff_path_fd;
	if (unlinkat(dir_fd, names[c->name], 0))
		die("unlink after pin");
}

static int count_dir(const char *path, int dir_fd)
{
	struct dirent *e;
	int n = 0;
	DIR *d;

	d = path ? opendir(path) :
		   fdopendir(openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
	if (!d)
		die(path ? path : "opendir of the detached mount");
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

int main(int argc, char **argv)
{
	unsigned long calls = argc > 1 ? strtoul(argv[1], NULL, 0) : 100000;
	unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
	static unsigned char buf[BUF_SZ];
	unsigned long i, mismatches = 0, ok = 0;
	int fds_before, fds_after, entries_before, entries_after;
	struct call c;

	rng = seed;
	setup();
	fds_before = count_dir("/proc/self/fd", -1);
	entries_before = count_dir(BPF_DIR, -1) + count_dir(TMP_DIR, -1) +
			 count_dir(NULL, mnt_fd);
	for (i = 0; i < calls; i++) {
		int want, ret;
		bool match;

		make_call(&c, buf);
		want = model(&c, buf);
		ret = sys_bpf(c.cmd, c.null_attr ? NULL : buf, c.size);
		if (ret < 0)
			ret = -errno;
		/* the model says 0 for success, the kernel may return an fd */
		match = ret == want || (ret >= 0 && want == 0);
		/* report before undo(), which exits if it cannot undo */
		if (!match && mismatches++ < 20)
			printf("MISMATCH call %lu: %s size %u%s bpf_fd %u flags 0x%x path_fd %d (%s) name %d%s: got %d, model %d\n",
			       i, c.cmd == BPF_OBJ_PIN ? "pin" : "get", c.size,
			       c.null_attr ? " NULL attr" : "", c.bpf_fd, c.flags,
			       c.path_fd, c.fd_idx >= 0 ? fds[c.fd_idx].what : "none",
			       c.name, c.garbage_at >= 0 ? " +garbage" : "", ret, want);
		if (ret >= 0)
			undo(&c, ret);
		if (match && ret >= 0)
			ok++;
	}
	fds_after = count_dir("/proc/self/fd", -1);
	entries_after = count_dir(BPF_DIR, -1) + count_dir(TMP_DIR, -1) +
			count_dir(NULL, mnt_fd);
	printf("obj_fuzz: seed %lu, %lu calls, %lu succeeded, %lu mismatches, fds open before %d after %d, directory entries before %d after %d\n",
	       seed, calls, ok, mismatches, fds_before, fds_after,
	       entries_before, entries_after);
	/* a run in which nothing succeeds checks only the error paths */
	return mismatches || !ok || fds_before != fds_after ||
	       entries_before != entries_after;
}
