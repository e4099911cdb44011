// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_OBJ_PIN and BPF_OBJ_GET with BPF_F_PATH_FD beyond the basic modes
 * of bpf_obj_pinning: fd 0 as an ordinary directory fd, the flag-less
 * behaviour that existing callers rely on, each documented errno, the
 * attr size edges of the ABI, programs and links, BPF_F_RDONLY and
 * BPF_F_WRONLY, a read-only mount, a detached mount attached later, and
 * a detached mount handed to a process in another mount namespace.
 *
 * Nothing is ever mounted in the mount namespace that test_progs runs
 * in. The BPF FS instances of the subtests are detached (fsmount()) and
 * go away with their last fd; the subtests that attach or detach mounts
 * do it in a child process with a mount namespace of its own, whose
 * mounts are private, and the parent asserts on what the child reports.
 * No subtest changes the namespace of test_progs, so none depends on
 * another or on which ones -t selects. The BPF FS at /sys/fs/bpf that
 * test_progs expects holds TEST_DIR.
 *
 * A kernel without BPF_F_PATH_FD (6.1 before the series) refuses the
 * flag, and any non-zero path_fd, with EINVAL. The subtests listed in
 * tests/expected-unpatched check what does not depend on either and pass
 * there; every other one fails there, at its first use of the flag.
 */
#define _GNU_SOURCE
#include <test_progs.h>
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <linux/magic.h>
#include <linux/mount.h>
#include "bpffs.h"

#ifndef MNT_DETACH
#define MNT_DETACH 2	/* from <sys/mount.h>, which clashes with <linux/mount.h> */
#endif

#define BPFFS_ROOT	"/sys/fs/bpf"
#define TEST_DIR	BPFFS_ROOT "/bpf_obj_path_fd"
/* where move_mount's child attaches a detached mount, in its namespace */
#define MOVE_DIR	TEST_DIR "/move_mount"
#define MAP_VALUE	0xcafebeef

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * Lazy unmount. umount2() is declared in <sys/mount.h>, which does not
 * go with <linux/mount.h>; the new mount API calls below have no libc
 * wrappers to rely on either, so they are raw syscalls too.
 */
static int lazy_umount(const char *where)
{
	return syscall(__NR_umount2, where, MNT_DETACH);
}

/* Raw BPF_OBJ_* call with an attr of @size bytes, for the ABI edges. */
static int sys_bpf_obj(int cmd, __u32 bpf_fd, const char *pathname,
		       __u32 file_flags, int path_fd, size_t size)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = ptr_to_u64(pathname);
	attr.bpf_fd = bpf_fd;
	attr.file_flags = file_flags;
	attr.path_fd = path_fd;
	return syscall(__NR_bpf, cmd, &attr, size);
}

/* The root of a new BPF FS that is mounted nowhere, or -1. */
static int create_detached_bpffs(void)
{
	int mnt_fd;

	mnt_fd = detached_bpffs();
	ASSERT_OK(mnt_fd < 0 ? -errno : 0, "detached_bpffs");
	return mnt_fd;
}

/* An array map holding MAP_VALUE at key 0, or -1. */
static int create_map(void)
{
	__u32 key = 0, value = MAP_VALUE;
	int map_fd;

	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "path_fd", 4, 4, 1, NULL);
	if (!ASSERT_GE(map_fd, 0, "map_create"))
		return -1;
	if (!ASSERT_OK(bpf_map_update_elem(map_fd, &key, &value, BPF_ANY),
		       "map_update"))
		close_fd(&map_fd);
	return map_fd;
}

/*
 * The id of a map, program or link, from the info struct of its kind;
 * 0 (never an id) if there is none. No ASSERT_*() here: the children
 * use them too.
 */
static __u32 map_id(int fd)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

static __u32 prog_id(int fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

static __u32 link_id(int fd)
{
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

/* @got_fd must be the object of @fd: the same id, and a real one. */
static void check_same_id(__u32 (*id_of)(int fd), int fd, int got_fd,
			  const char *name)
{
	__u32 id = id_of(fd);

	ASSERT_NEQ(id, 0, "obj_id");
	ASSERT_EQ(id_of(got_fd), id, name);
}

/* The re-opened fd must be the same map and read back the same value. */
static void check_same_map(int map_fd, int got_fd)
{
	__u32 key = 0, value = 0;

	if (!ASSERT_GE(got_fd, 0, "obj_get"))
		return;
	check_same_id(map_id, map_fd, got_fd, "same_map_id");
	ASSERT_OK(bpf_map_lookup_elem(got_fd, &key, &value), "map_lookup");
	ASSERT_EQ(value, MAP_VALUE, "map_value");
}

static int pin_at(int fd, int path_fd, const char *path)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = path_fd);

	return bpf_obj_pin_opts(fd, path, &opts);
}

static int get_at(int path_fd, const char *path, __u32 file_flags)
{
	LIBBPF_OPTS(bpf_obj_get_opts, opts,
		    .file_flags = BPF_F_PATH_FD | file_flags,
		    .path_fd = path_fd);

	return bpf_obj_get_opts(path, &opts);
}

/* Pin a new map through (path_fd, path) and get it back the same way. */
static void pin_get_map_at(int path_fd, const char *path)
{
	int map_fd, got_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	if (!ASSERT_OK(pin_at(map_fd, path_fd, path), "pin_path_fd"))
		goto out;
	got_fd = get_at(path_fd, path, 0);
	check_same_map(map_fd, got_fd);
out:
	close_fd(&got_fd);
	close_fd(&map_fd);
}

/* The same without BPF_F_PATH_FD, so with path_fd left zero. */
static void pin_get_map_path(const char *path)
{
	int map_fd, got_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	if (!ASSERT_OK(bpf_obj_pin(map_fd, path), "obj_pin"))
		goto out;
	got_fd = bpf_obj_get(path);
	check_same_map(map_fd, got_fd);
out:
	close_fd(&got_fd);
	close_fd(&map_fd);
}

static bool exists_at(int dir_fd, const char *path)
{
	struct stat st;

	return fstatat(dir_fd, path, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/*
 * Put @dir_fd on fd 0 and return a copy of what fd 0 was, to give to
 * restore_fd0(). The test makes sure fd 0 is open before any subtest
 * runs (see serial_test_bpf_obj_path_fd()), so no fd a subtest opens can
 * be 0 itself, and the copy is a real one.
 */
static int move_to_fd0(int dir_fd)
{
	int saved;

	saved = fcntl(0, F_DUPFD_CLOEXEC, 3);
	if (!ASSERT_GE(saved, 3, "save_fd0"))
		return -1;
	if (!ASSERT_EQ(dup2(dir_fd, 0), 0, "dup2_to_fd0"))
		close_fd(&saved);
	return saved;
}

static void restore_fd0(int saved)
{
	ASSERT_EQ(dup2(saved, 0), 0, "restore_fd0");
	close(saved);
}

/* Pin/get through path_fd 0, with @dir_fd on fd 0. */
static void pin_get_map_at_fd0(int dir_fd, const char *path)
{
	int saved;

	saved = move_to_fd0(dir_fd);
	if (saved < 0)
		return;
	pin_get_map_at(0, path);
	restore_fd0(saved);
}

static void test_fd0_detached_mount(void)
{
	int mnt_fd;

	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		return;
	pin_get_map_at_fd0(mnt_fd, "fd0_map");
	/* the object went into the detached mount, not the cwd */
	ASSERT_TRUE(exists_at(mnt_fd, "fd0_map"), "pinned_in_mount");
	close_fd(&mnt_fd);
}

static void test_fd0_o_path_dir(void)
{
	int dir_fd;

	dir_fd = open(TEST_DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(dir_fd, 0, "open_o_path"))
		return;
	pin_get_map_at_fd0(dir_fd, "fd0_opath_map");
	ASSERT_TRUE(exists_at(dir_fd, "fd0_opath_map"), "pinned_in_dir");
	unlinkat(dir_fd, "fd0_opath_map", 0);
	close_fd(&dir_fd);
}

/*
 * Without the flag, path_fd 0 means nothing, not fd 0: with another BPF
 * FS directory on fd 0, a relative pin still lands in the current
 * directory, exactly as before the series.
 */
static void test_no_flag_ignores_fd0(void)
{
	int saved, cwd_fd = -1, mnt_fd;
	bool moved = false;

	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		return;
	cwd_fd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(cwd_fd, 0, "save_cwd"))
		goto out;
	moved = ASSERT_OK(chdir(TEST_DIR), "chdir");
	if (!moved)
		goto out;
	saved = move_to_fd0(mnt_fd);
	if (saved < 0)
		goto out;
	pin_get_map_path("nofd_map");
	restore_fd0(saved);
	ASSERT_TRUE(exists_at(AT_FDCWD, TEST_DIR "/nofd_map"), "pinned_in_cwd");
	ASSERT_FALSE(exists_at(mnt_fd, "nofd_map"), "not_pinned_in_fd0");
out:
	unlink(TEST_DIR "/nofd_map");
	if (moved)
		ASSERT_OK(fchdir(cwd_fd), "restore_cwd");
	close_fd(&cwd_fd);
	close_fd(&mnt_fd);
}

/* BPF_F_PATH_FD with AT_FDCWD is the same as no flag at all. */
static void test_flag_at_fdcwd(void)
{
	int cwd_fd;

	cwd_fd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(cwd_fd, 0, "save_cwd"))
		return;
	if (!ASSERT_OK(chdir(TEST_DIR), "chdir"))
		goto out;
	pin_get_map_at(AT_FDCWD, "fdcwd_map");
	ASSERT_TRUE(exists_at(AT_FDCWD, TEST_DIR "/fdcwd_map"), "pinned_in_cwd");
	ASSERT_OK(fchdir(cwd_fd), "restore_cwd");
out:
	unlink(TEST_DIR "/fdcwd_map");
	close_fd(&cwd_fd);
}

/* Like openat(2), an absolute pathname does not look at path_fd. */
static void test_abs_path_ignores_path_fd(void)
{
	pin_get_map_at(-1, TEST_DIR "/abs_fd_map");
	unlink(TEST_DIR "/abs_fd_map");
}

/*
 * EINVAL for a file_flags bit the command does not take: BPF_OBJ_PIN
 * takes only BPF_F_PATH_FD, not even the known BPF_F_RDONLY.
 */
static void test_einval_flags(void)
{
	const size_t sz = sizeof(union bpf_attr);
	int map_fd, err;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	err = sys_bpf_obj(BPF_OBJ_PIN, map_fd, TEST_DIR "/bad_flag",
			  BPF_F_PATH_FD << 1, 0, sz);
	ASSERT_EQ(err, -1, "pin_unknown_flag");
	ASSERT_EQ(errno, EINVAL, "pin_unknown_flag_errno");
	err = sys_bpf_obj(BPF_OBJ_PIN, map_fd, TEST_DIR "/bad_flag",
			  BPF_F_RDONLY, 0, sz);
	ASSERT_EQ(err, -1, "pin_rdonly");
	ASSERT_EQ(errno, EINVAL, "pin_rdonly_errno");
	err = sys_bpf_obj(BPF_OBJ_PIN, map_fd, TEST_DIR "/bad_flag",
			  BPF_F_WRONLY, 0, sz);
	ASSERT_EQ(err, -1, "pin_wronly");
	ASSERT_EQ(errno, EINVAL, "pin_wronly_errno");
	err = sys_bpf_obj(BPF_OBJ_GET, 0, TEST_DIR "/bad_flag",
			  BPF_F_PATH_FD << 1, 0, sz);
	ASSERT_EQ(err, -1, "get_unknown_flag");
	ASSERT_EQ(errno, EINVAL, "get_unknown_flag_errno");
	ASSERT_FALSE(exists_at(AT_FDCWD, TEST_DIR "/bad_flag"), "nothing_pinned");
	close_fd(&map_fd);
}

/* EINVAL for a non-zero path_fd without the flag: refused, not ignored. */
static void test_einval_path_fd_without_flag(void)
{
	const size_t sz = sizeof(union bpf_attr);
	int map_fd, dir_fd = -1, err;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	dir_fd = open(TEST_DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(dir_fd, 0, "open_dir"))
		goto out;
	err = sys_bpf_obj(BPF_OBJ_PIN, map_fd, "nf_map", 0, dir_fd, sz);
	ASSERT_EQ(err, -1, "pin");
	ASSERT_EQ(errno, EINVAL, "pin_errno");
	err = sys_bpf_obj(BPF_OBJ_GET, 0, "nf_map", 0, dir_fd, sz);
	ASSERT_EQ(err, -1, "get");
	ASSERT_EQ(errno, EINVAL, "get_errno");
	ASSERT_FALSE(exists_at(dir_fd, "nf_map"), "nothing_pinned");
out:
	close_fd(&dir_fd);
	close_fd(&map_fd);
}

/* EINVAL for BPF_OBJ_GET with a bpf_fd, and for a pin of a non-BPF fd. */
static void test_einval_bpf_fd(void)
{
	const size_t sz = sizeof(union bpf_attr);
	int map_fd, dir_fd = -1, got_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	if (!ASSERT_OK(bpf_obj_pin(map_fd, TEST_DIR "/bpffd_map"), "obj_pin"))
		goto out;
	got_fd = sys_bpf_obj(BPF_OBJ_GET, map_fd, TEST_DIR "/bpffd_map", 0, 0, sz);
	ASSERT_EQ(got_fd, -1, "get_with_bpf_fd");
	ASSERT_EQ(errno, EINVAL, "get_with_bpf_fd_errno");

	dir_fd = open(TEST_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(dir_fd, 0, "open_dir"))
		goto out;
	ASSERT_EQ(bpf_obj_pin(dir_fd, TEST_DIR "/not_bpf"), -EINVAL, "pin_non_bpf_fd");
	ASSERT_FALSE(exists_at(AT_FDCWD, TEST_DIR "/not_bpf"), "nothing_pinned");
out:
	unlink(TEST_DIR "/bpffd_map");
	close_fd(&got_fd);
	close_fd(&dir_fd);
	close_fd(&map_fd);
}

/* EBADF for a path_fd that is not open, with a relative pathname. */
static void test_ebadf_closed_path_fd(void)
{
	int map_fd, dir_fd;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	/* a fd number that was open a moment ago and is closed now */
	dir_fd = open(TEST_DIR, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(dir_fd, 0, "open_dir"))
		goto out;
	close(dir_fd);
	ASSERT_EQ(pin_at(map_fd, dir_fd, "ebadf_map"), -EBADF, "pin");
	ASSERT_EQ(get_at(dir_fd, "ebadf_map", 0), -EBADF, "get");
	ASSERT_EQ(pin_at(map_fd, -1, "ebadf_map"), -EBADF, "pin_minus_one");
	ASSERT_FALSE(exists_at(AT_FDCWD, TEST_DIR "/ebadf_map"), "nothing_pinned");
out:
	close_fd(&map_fd);
}

/* ENOTDIR for a path_fd that is a regular file, with a relative pathname. */
static void test_enotdir_file_path_fd(void)
{
	char path[] = "/tmp/bpf_obj_path_fd.XXXXXX";
	int map_fd, file_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	file_fd = mkostemp(path, O_CLOEXEC);
	if (!ASSERT_GE(file_fd, 0, "mkostemp"))
		goto out;
	unlink(path);
	ASSERT_EQ(pin_at(map_fd, file_fd, "map"), -ENOTDIR, "pin");
	ASSERT_EQ(get_at(file_fd, "map", 0), -ENOTDIR, "get");
out:
	close_fd(&file_fd);
	close_fd(&map_fd);
}

/*
 * EPERM when the parent of the new name is not on a BPF FS, fd or not.
 * The cwd is a BPF FS directory, so a kernel that ignored path_fd would
 * succeed.
 */
static void test_eperm_not_bpffs(void)
{
	char dir[] = "/tmp/bpf_obj_path_fd.XXXXXX";
	int map_fd, dir_fd = -1, cwd_fd = -1;
	bool made = false, moved = false;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	cwd_fd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(cwd_fd, 0, "save_cwd"))
		goto out;
	made = ASSERT_OK_PTR(mkdtemp(dir), "mkdtemp");
	if (!made)
		goto out;
	dir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!ASSERT_GE(dir_fd, 0, "open_dir"))
		goto out;
	moved = ASSERT_OK(chdir(TEST_DIR), "chdir");
	if (!moved)
		goto out;
	ASSERT_EQ(pin_at(map_fd, dir_fd, "eperm_map"), -EPERM, "pin");
	ASSERT_FALSE(exists_at(dir_fd, "eperm_map"), "nothing_created");
	ASSERT_FALSE(exists_at(AT_FDCWD, "eperm_map"), "not_pinned_in_cwd");
out:
	if (moved)
		ASSERT_OK(fchdir(cwd_fd), "restore_cwd");
	close_fd(&dir_fd);
	if (made)
		rmdir(dir);
	close_fd(&cwd_fd);
	close_fd(&map_fd);
}

/* EPERM for a name with a dot on a BPF FS, for pin and get alike. */
static void test_eperm_dot_name(void)
{
	int map_fd, mnt_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	ASSERT_EQ(pin_at(map_fd, mnt_fd, "a.map"), -EPERM, "pin");
	ASSERT_EQ(get_at(mnt_fd, "a.map", 0), -EPERM, "get");
	ASSERT_FALSE(exists_at(mnt_fd, "a.map"), "nothing_pinned");
out:
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

/*
 * EEXIST for a pin on a name that is taken; ENOENT for a get of a name
 * that is not there, for a pin into a directory that is not there, and
 * for an empty pathname (there is no AT_EMPTY_PATH).
 */
static void test_eexist_enoent(void)
{
	int map_fd, mnt_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	ASSERT_EQ(get_at(mnt_fd, "map", 0), -ENOENT, "get_missing");
	ASSERT_EQ(pin_at(map_fd, mnt_fd, "no_dir/map"), -ENOENT,
		  "pin_missing_parent");
	ASSERT_EQ(pin_at(map_fd, mnt_fd, ""), -ENOENT, "pin_empty_name");
	ASSERT_EQ(get_at(mnt_fd, "", 0), -ENOENT, "get_empty_name");
	ASSERT_OK(pin_at(map_fd, mnt_fd, "map"), "pin");
	ASSERT_EQ(pin_at(map_fd, mnt_fd, "map"), -EEXIST, "pin_again");
out:
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

/* EACCES for BPF_OBJ_GET of something that is not a pinned object. */
static void test_eacces_not_object(void)
{
	int mnt_fd;

	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		return;
	if (ASSERT_OK(mkdirat(mnt_fd, "dir", 0700), "mkdirat"))
		ASSERT_EQ(get_at(mnt_fd, "dir", 0), -EACCES, "get_dir");
	close_fd(&mnt_fd);
}

/*
 * EROFS for a pin into a read-only mount, which a get still goes
 * through. The detached mount is made read-only after a first pin, so
 * the mount flag, and nothing else, makes the difference.
 */
static void test_erofs_rdonly_mount(void)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY };
	int map_fd, mnt_fd = -1, got_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	if (!ASSERT_OK(pin_at(map_fd, mnt_fd, "map"), "pin_rw"))
		goto out;
	if (!ASSERT_OK(syscall(__NR_mount_setattr, mnt_fd, "", AT_EMPTY_PATH,
			       &attr, sizeof(attr)), "mount_setattr_rdonly"))
		goto out;
	ASSERT_EQ(pin_at(map_fd, mnt_fd, "map2"), -EROFS, "pin_rdonly_mount");
	ASSERT_FALSE(exists_at(mnt_fd, "map2"), "nothing_pinned");
	got_fd = get_at(mnt_fd, "map", 0);
	check_same_map(map_fd, got_fd);
out:
	close_fd(&got_fd);
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

/*
 * E2BIG for an attr larger than the kernel's union bpf_attr with a
 * non-zero byte past it, or larger than a page whatever it holds. A
 * whole page is past the union of any kernel.
 */
static void test_e2big_attr_size(void)
{
	size_t page = sysconf(_SC_PAGESIZE);
	union bpf_attr *attr;
	int map_fd, got_fd = -1, err;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	attr = calloc(1, page + 1);
	if (!ASSERT_OK_PTR(attr, "calloc"))
		goto out;
	attr->pathname = ptr_to_u64(TEST_DIR "/big_map");
	attr->bpf_fd = map_fd;

	((char *)attr)[page - 1] = 1;
	err = syscall(__NR_bpf, BPF_OBJ_PIN, attr, page);
	ASSERT_EQ(err, -1, "pin_nonzero_past_union");
	ASSERT_EQ(errno, E2BIG, "pin_nonzero_past_union_errno");
	((char *)attr)[page - 1] = 0;
	err = syscall(__NR_bpf, BPF_OBJ_PIN, attr, page + 1);
	ASSERT_EQ(err, -1, "pin_past_page");
	ASSERT_EQ(errno, E2BIG, "pin_past_page_errno");
	ASSERT_FALSE(exists_at(AT_FDCWD, TEST_DIR "/big_map"), "nothing_pinned");

	/* a page of zeros past the fields is fine */
	if (!ASSERT_OK(syscall(__NR_bpf, BPF_OBJ_PIN, attr, page), "pin_zero_page"))
		goto out;
	attr->bpf_fd = 0;
	((char *)attr)[page - 1] = 1;
	got_fd = syscall(__NR_bpf, BPF_OBJ_GET, attr, page);
	ASSERT_EQ(got_fd, -1, "get_nonzero_past_union");
	ASSERT_EQ(errno, E2BIG, "get_nonzero_past_union_errno");
	((char *)attr)[page - 1] = 0;
	got_fd = syscall(__NR_bpf, BPF_OBJ_GET, attr, page + 1);
	ASSERT_EQ(got_fd, -1, "get_past_page");
	ASSERT_EQ(errno, E2BIG, "get_past_page_errno");
	got_fd = syscall(__NR_bpf, BPF_OBJ_GET, attr, page);
	check_same_map(map_fd, got_fd);
out:
	unlink(TEST_DIR "/big_map");
	free(attr);
	close_fd(&got_fd);
	close_fd(&map_fd);
}

/* BPF_F_RDONLY / BPF_F_WRONLY still apply when combined with the flag. */
static void test_get_rdonly_wronly(void)
{
	__u32 key = 0, value = MAP_VALUE;
	int map_fd, mnt_fd = -1, ro_fd = -1, wo_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	if (!ASSERT_OK(pin_at(map_fd, mnt_fd, "map"), "pin"))
		goto out;

	ro_fd = get_at(mnt_fd, "map", BPF_F_RDONLY);
	if (ASSERT_GE(ro_fd, 0, "get_rdonly")) {
		ASSERT_OK(bpf_map_lookup_elem(ro_fd, &key, &value), "ro_lookup");
		ASSERT_EQ(bpf_map_update_elem(ro_fd, &key, &value, BPF_ANY),
			  -EPERM, "ro_update");
	}
	wo_fd = get_at(mnt_fd, "map", BPF_F_WRONLY);
	if (ASSERT_GE(wo_fd, 0, "get_wronly")) {
		ASSERT_OK(bpf_map_update_elem(wo_fd, &key, &value, BPF_ANY),
			  "wo_update");
		ASSERT_EQ(bpf_map_lookup_elem(wo_fd, &key, &value), -EPERM,
			  "wo_lookup");
	}
	ASSERT_EQ(get_at(mnt_fd, "map", BPF_F_RDONLY | BPF_F_WRONLY), -EINVAL,
		  "get_rdonly_wronly");
out:
	close_fd(&wo_fd);
	close_fd(&ro_fd);
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

/* A program that returns 0, or -1. */
static int load_prog(enum bpf_prog_type type, enum bpf_attach_type attach,
		     __u32 attach_btf_id)
{
	struct bpf_insn insns[] = {
		BPF_MOV64_IMM(BPF_REG_0, 0),
		BPF_EXIT_INSN(),
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = attach,
		    .attach_btf_id = attach_btf_id);
	int prog_fd;

	prog_fd = bpf_prog_load(type, "path_fd", "GPL", insns,
				ARRAY_SIZE(insns), &opts);
	ASSERT_GE(prog_fd, 0, "prog_load");
	return prog_fd;
}

static void test_prog(void)
{
	int prog_fd, mnt_fd = -1, got_fd = -1;

	prog_fd = load_prog(BPF_PROG_TYPE_SOCKET_FILTER, 0, 0);
	if (prog_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	if (!ASSERT_OK(pin_at(prog_fd, mnt_fd, "prog"), "pin"))
		goto out;
	got_fd = get_at(mnt_fd, "prog", 0);
	if (ASSERT_GE(got_fd, 0, "get"))
		check_same_id(prog_id, prog_fd, got_fd, "same_prog_id");
	close_fd(&got_fd);
	/* a program gets the permission check, then opens as usual */
	got_fd = get_at(mnt_fd, "prog", BPF_F_RDONLY);
	if (ASSERT_GE(got_fd, 0, "get_rdonly"))
		check_same_id(prog_id, prog_fd, got_fd, "same_prog_id_rdonly");
out:
	close_fd(&got_fd);
	close_fd(&mnt_fd);
	close_fd(&prog_fd);
}

/*
 * A link that is attached to nothing, so it needs no cgroup, network
 * namespace or device: a bpf_map iterator, whose program only runs when
 * someone reads the iterator.
 */
static void test_link(void)
{
	int prog_fd, link_fd = -1, mnt_fd = -1, got_fd = -1, btf_id;

	btf_id = libbpf_find_vmlinux_btf_id("bpf_map", BPF_TRACE_ITER);
	if (!ASSERT_GT(btf_id, 0, "find_iter_btf_id"))
		return;
	prog_fd = load_prog(BPF_PROG_TYPE_TRACING, BPF_TRACE_ITER, btf_id);
	if (prog_fd < 0)
		return;
	link_fd = bpf_link_create(prog_fd, 0, BPF_TRACE_ITER, NULL);
	if (!ASSERT_GE(link_fd, 0, "link_create"))
		goto out;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	if (!ASSERT_OK(pin_at(link_fd, mnt_fd, "link"), "pin"))
		goto out;
	got_fd = get_at(mnt_fd, "link", 0);
	if (ASSERT_GE(got_fd, 0, "get"))
		check_same_id(link_id, link_fd, got_fd, "same_link_id");
	/* a link can only be opened read-write */
	ASSERT_EQ(get_at(mnt_fd, "link", BPF_F_RDONLY), -EINVAL, "get_rdonly");
	ASSERT_EQ(get_at(mnt_fd, "link", BPF_F_WRONLY), -EINVAL, "get_wronly");
out:
	close_fd(&got_fd);
	close_fd(&mnt_fd);
	close_fd(&link_fd);
	close_fd(&prog_fd);
}

/*
 * A binary built before path_fd existed passes an attr of 16 bytes. What
 * lies in memory after them (here a non-zero path_fd, which would be
 * EINVAL without the flag) must not be read.
 */
static void test_old_size_attr(void)
{
	const size_t old_sz = offsetofend(union bpf_attr, file_flags);
	int map_fd, got_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	if (!ASSERT_OK(sys_bpf_obj(BPF_OBJ_PIN, map_fd, TEST_DIR "/old_map",
				   0, -1, old_sz), "old_size_pin"))
		goto out;
	got_fd = sys_bpf_obj(BPF_OBJ_GET, 0, TEST_DIR "/old_map", 0, -1, old_sz);
	check_same_map(map_fd, got_fd);
	unlink(TEST_DIR "/old_map");
out:
	close_fd(&got_fd);
	close_fd(&map_fd);
}

/* EINVAL for non-zero bytes after path_fd, inside union bpf_attr. */
static void test_nonzero_tail(void)
{
	const size_t tail = offsetofend(union bpf_attr, path_fd);
	const size_t sz = tail + sizeof(__u32);
	union bpf_attr attr;
	int map_fd, mnt_fd = -1, got_fd = -1, err;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = ptr_to_u64("map");
	attr.bpf_fd = map_fd;
	attr.file_flags = BPF_F_PATH_FD;
	attr.path_fd = mnt_fd;
	((char *)&attr)[tail] = 1;
	err = syscall(__NR_bpf, BPF_OBJ_PIN, &attr, sz);
	ASSERT_EQ(err, -1, "pin_nonzero_tail");
	ASSERT_EQ(errno, EINVAL, "pin_nonzero_tail_errno");
	ASSERT_FALSE(exists_at(mnt_fd, "map"), "nothing_pinned");

	((char *)&attr)[tail] = 0;
	err = syscall(__NR_bpf, BPF_OBJ_PIN, &attr, sz);
	ASSERT_OK(err ? -errno : 0, "pin_zero_tail");
	ASSERT_TRUE(exists_at(mnt_fd, "map"), "pinned");

	attr.bpf_fd = 0;
	((char *)&attr)[tail] = 1;
	got_fd = syscall(__NR_bpf, BPF_OBJ_GET, &attr, sz);
	ASSERT_EQ(got_fd, -1, "get_nonzero_tail");
	ASSERT_EQ(errno, EINVAL, "get_nonzero_tail_errno");
	((char *)&attr)[tail] = 0;
	got_fd = syscall(__NR_bpf, BPF_OBJ_GET, &attr, sz);
	ASSERT_GE(got_fd < 0 ? -errno : got_fd, 0, "get_zero_tail");
	check_same_map(map_fd, got_fd);
out:
	close_fd(&got_fd);
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

static void test_libbpf_null_opts(void)
{
	int map_fd, a_fd = -1, b_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	if (!ASSERT_OK(bpf_obj_pin_opts(map_fd, TEST_DIR "/null_opts", NULL),
		       "pin_opts_null"))
		goto out;
	if (!ASSERT_OK(bpf_obj_pin(map_fd, TEST_DIR "/plain_pin"), "pin"))
		goto out;
	a_fd = bpf_obj_get_opts(TEST_DIR "/null_opts", NULL);
	b_fd = bpf_obj_get(TEST_DIR "/plain_pin");
	check_same_map(map_fd, a_fd);
	check_same_map(map_fd, b_fd);
out:
	unlink(TEST_DIR "/null_opts");
	unlink(TEST_DIR "/plain_pin");
	close_fd(&b_fd);
	close_fd(&a_fd);
	close_fd(&map_fd);
}

/* Opts from a newer libbpf with a non-zero unknown field are refused. */
static void test_libbpf_opts_tail(void)
{
	struct {
		struct bpf_obj_pin_opts opts;
		long future_field;
	} pin = {};
	struct {
		struct bpf_obj_get_opts opts;
		long future_field;
	} get = {};
	int map_fd, got_fd = -1;

	map_fd = create_map();
	if (map_fd < 0)
		return;
	pin.opts.sz = sizeof(pin);
	pin.future_field = 1;
	get.opts.sz = sizeof(get);
	get.future_field = 1;
	ASSERT_EQ(bpf_obj_pin_opts(map_fd, TEST_DIR "/tail_map", &pin.opts),
		  -EINVAL, "pin_opts_tail");
	ASSERT_EQ(errno, EINVAL, "pin_opts_tail_errno");
	/* refused in libbpf: the name was never created */
	ASSERT_FALSE(exists_at(AT_FDCWD, TEST_DIR "/tail_map"), "not_pinned");
	ASSERT_EQ(bpf_obj_get_opts(TEST_DIR "/tail_map", &get.opts), -EINVAL,
		  "get_opts_tail");
	ASSERT_EQ(errno, EINVAL, "get_opts_tail_errno");

	/* the same larger opts with a zero tail are fine */
	pin.future_field = 0;
	get.future_field = 0;
	if (ASSERT_OK(bpf_obj_pin_opts(map_fd, TEST_DIR "/tail_map", &pin.opts),
		      "pin_opts_zero_tail")) {
		got_fd = bpf_obj_get_opts(TEST_DIR "/tail_map", &get.opts);
		check_same_map(map_fd, got_fd);
	}
	unlink(TEST_DIR "/tail_map");
	close_fd(&got_fd);
	close_fd(&map_fd);
}

/*
 * Unescape, in place, the octal escapes (\040 \011 \012 \134) that
 * /proc/self/mountinfo uses for a space, tab, newline and backslash.
 */
static void unescape_mountinfo(char *s)
{
	char *out = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*out++ = (s[1] - '0') << 6 | (s[2] - '0') << 3 | (s[3] - '0');
			s += 4;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

/*
 * The BPF FS mounts in this mount namespace: how many there are, or -1
 * if mountinfo cannot be read or has a line that does not parse. With
 * @detach, each one found is lazily unmounted too. A line is: mount id,
 * parent id, major:minor, root, mount point, mount options, optional
 * fields (none or more), "-", fs type, source, super options.
 */
static int bpf_mounts(bool detach)
{
	char *line = NULL, *rest, *field, *where, *fstype;
	size_t cap = 0;
	int n = 0, i;
	FILE *f;

	f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return -1;
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		where = NULL;
		fstype = NULL;
		rest = line;
		for (i = 0; (field = strsep(&rest, " ")); i++) {
			if (i == 4) {
				where = field;
			} else if (i >= 6 && !strcmp(field, "-")) {
				fstype = strsep(&rest, " ");
				break;
			}
		}
		if (!where || !fstype) {
			n = -1;
			break;
		}
		unescape_mountinfo(fstype);
		if (strcmp(fstype, "bpf"))
			continue;
		unescape_mountinfo(where);
		if (detach)
			lazy_umount(where);
		n++;
	}
	if (ferror(f))
		n = -1;
	free(line);
	fclose(f);
	return n;
}

static int count_bpf_mounts(void)
{
	return bpf_mounts(false);
}

/* Number of open fds, or -1: a leaked mount fd is a leaked fd too. */
static int count_fds(void)
{
	struct dirent *ent;
	int n = 0;
	DIR *d;

	d = opendir("/proc/self/fd");
	if (!d)
		return -1;
	errno = 0;
	while ((ent = readdir(d)))
		n += ent->d_name[0] != '.';
	if (errno)
		n = 0;
	closedir(d);
	return n - 1;	/* d's own fd */
}

/* This process's mount namespace, or 0. */
static ino_t mntns_ino(void)
{
	struct stat st;

	return stat("/proc/self/ns/mnt", &st) ? 0 : st.st_ino;
}

/*
 * A child process that needs a mount namespace: how far it got, as its
 * exit status. It makes no ASSERT_*(): its output would be lost. The
 * parent checks the status, which names the step that failed.
 */
enum child_step {
	CHILD_OK,
	CHILD_UNSHARE,
	CHILD_OWN_MNTNS,
	CHILD_PRIVATE,
	CHILD_MOVE_MOUNT,
	CHILD_GET_BY_PATH,
	CHILD_SAME_MAP,
	CHILD_REPORT,
	CHILD_HOLD,
	CHILD_NO_BPFFS,
	CHILD_RECV_FD,
	CHILD_GET_SUPERVISOR,
	CHILD_MAP,
	CHILD_PIN,
	CHILD_GET,
	CHILD_DUP2_FD0,
	CHILD_PIN_FD0,
	CHILD_GET_FD0,
	CHILD_NR_STEPS,
};

static const char * const child_steps[CHILD_NR_STEPS] = {
	[CHILD_OK]		= "ok",
	[CHILD_UNSHARE]		= "unshare(CLONE_NEWNS)",
	[CHILD_OWN_MNTNS]	= "be in a mount namespace of its own",
	[CHILD_PRIVATE]		= "make its mounts private",
	[CHILD_MOVE_MOUNT]	= "move_mount() the detached mount",
	[CHILD_GET_BY_PATH]	= "get the pin by its path there",
	[CHILD_SAME_MAP]	= "find the same map and value",
	[CHILD_REPORT]		= "tell the parent",
	[CHILD_HOLD]		= "wait for the parent",
	[CHILD_NO_BPFFS]	= "detach every BPF FS it can see",
	[CHILD_RECV_FD]		= "receive the mount fd",
	[CHILD_GET_SUPERVISOR]	= "get the supervisor's pin through the fd",
	[CHILD_MAP]		= "create its map",
	[CHILD_PIN]		= "pin through the fd",
	[CHILD_GET]		= "get through the fd",
	[CHILD_DUP2_FD0]	= "move the fd to 0",
	[CHILD_PIN_FD0]		= "pin through fd 0",
	[CHILD_GET_FD0]		= "get through fd 0",
};

/*
 * In the child: a mount namespace of its own (not @parent_mntns), whose
 * mounts are private, so that nothing it mounts or unmounts propagates
 * to the namespace test_progs runs in, or to its peers.
 */
static enum child_step enter_own_mntns(ino_t parent_mntns)
{
	ino_t ino;

	if (unshare(CLONE_NEWNS))
		return CHILD_UNSHARE;
	ino = mntns_ino();
	if (!ino || ino == parent_mntns)
		return CHILD_OWN_MNTNS;
	if (syscall(__NR_mount, NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		return CHILD_PRIVATE;
	return CHILD_OK;
}

/* Reap child @pid; true if it went through all its steps. */
static bool child_ok(pid_t pid, const char *name)
{
	int status = 0, step;
	pid_t ret;

	do {
		ret = waitpid(pid, &status, 0);
	} while (ret < 0 && errno == EINTR);
	if (!ASSERT_EQ(ret, pid, "waitpid") ||
	    !ASSERT_TRUE(WIFEXITED(status), "child_exited"))
		return false;
	step = WEXITSTATUS(status);
	if (!ASSERT_LT(step, CHILD_NR_STEPS, "child_status"))
		return false;
	return ASSERT_STREQ(child_steps[step], "ok", name);
}

/*
 * move_mount's child: attaches the detached mount @mnt_fd at MOVE_DIR
 * in its own namespace, gets the map with id @id pinned there by path,
 * tells the parent through @report_fd, and keeps the mount until the
 * parent, having looked at its own namespace, closes @hold_fd's peer.
 */
static enum child_step move_mount_child(int mnt_fd, __u32 id, int report_fd,
					int hold_fd, ino_t parent_mntns)
{
	__u32 key = 0, value = 0;
	enum child_step step;
	char byte = 0;
	int got_fd;

	step = enter_own_mntns(parent_mntns);
	if (step != CHILD_OK)
		return step;
	if (syscall(__NR_move_mount, mnt_fd, "", AT_FDCWD, MOVE_DIR,
		    MOVE_MOUNT_F_EMPTY_PATH))
		return CHILD_MOVE_MOUNT;
	got_fd = bpf_obj_get(MOVE_DIR "/map");
	if (got_fd < 0)
		return CHILD_GET_BY_PATH;
	if (map_id(got_fd) != id || bpf_map_lookup_elem(got_fd, &key, &value) ||
	    value != MAP_VALUE)
		return CHILD_SAME_MAP;
	if (write(report_fd, &byte, 1) != 1)
		return CHILD_REPORT;
	/* end of file once the parent is done */
	if (read(hold_fd, &byte, 1) != 0)
		return CHILD_HOLD;
	return CHILD_OK;
}

/*
 * Objects pinned into a detached mount show up by path once it is
 * attached; a child does that in a mount namespace of its own, and the
 * parent checks meanwhile that nothing of it reaches its own namespace.
 */
static void test_move_mount(void)
{
	int map_fd, mnt_fd = -1, report[2] = { -1, -1 }, hold[2] = { -1, -1 };
	bool made = false;
	ino_t mntns;
	int mounts;
	char byte;
	pid_t pid;
	__u32 id;

	mntns = mntns_ino();
	mounts = count_bpf_mounts();
	if (!ASSERT_GE(mounts, 0, "count_bpf_mounts") ||
	    !ASSERT_NEQ(mntns, 0, "mntns"))
		return;
	map_fd = create_map();
	if (map_fd < 0)
		return;
	id = map_id(map_fd);
	if (!ASSERT_NEQ(id, 0, "map_id"))
		goto out;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	if (!ASSERT_OK(pin_at(map_fd, mnt_fd, "map"), "pin"))
		goto out;
	made = ASSERT_OK(mkdir(MOVE_DIR, 0700), "mkdir_mount_point");
	if (!made)
		goto out;
	if (!ASSERT_OK(pipe2(report, O_CLOEXEC), "pipe_report") ||
	    !ASSERT_OK(pipe2(hold, O_CLOEXEC), "pipe_hold"))
		goto out;
	pid = fork();
	if (pid == 0) {
		close(report[0]);
		close(hold[1]);
		_exit(move_mount_child(mnt_fd, id, report[1], hold[0], mntns));
	}
	if (!ASSERT_GE(pid, 0, "fork"))
		goto out;
	close_fd(&report[1]);
	close_fd(&hold[0]);
	if (ASSERT_EQ(read(report[0], &byte, 1), 1, "child_attached")) {
		ASSERT_EQ(count_bpf_mounts(), mounts, "no_bpf_mount_here");
		ASSERT_FALSE(exists_at(AT_FDCWD, MOVE_DIR "/map"),
			     "not_attached_here");
	}
	close_fd(&hold[1]);
	child_ok(pid, "move_mount_child");
	/* its namespace, and the mount in it, went with the child */
	ASSERT_FALSE(exists_at(AT_FDCWD, MOVE_DIR "/map"), "not_attached_after");
	ASSERT_TRUE(exists_at(mnt_fd, "map"), "pinned_in_mount");
out:
	close_fd(&hold[0]);
	close_fd(&hold[1]);
	close_fd(&report[0]);
	close_fd(&report[1]);
	if (made)
		ASSERT_OK(rmdir(MOVE_DIR), "rmdir_mount_point");
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

static int send_fd(int sock, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = {};
	char byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = cbuf,
		.msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);

	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = {};
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = cbuf,
		.msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg;
	int fd;

	if (recvmsg(sock, &msg, MSG_CMSG_CLOEXEC) != 1)
		return -1;
	cmsg = CMSG_FIRSTHDR(&msg);
	if (!cmsg || cmsg->cmsg_type != SCM_RIGHTS ||
	    cmsg->cmsg_len != CMSG_LEN(sizeof(int)))
		return -1;
	memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
	return fd;
}

/* Get @name through @path_fd and check that it holds MAP_VALUE. */
static bool delegate_got(int path_fd, const char *name)
{
	__u32 key = 0, value = 0;
	int fd;

	fd = get_at(path_fd, name, 0);
	if (fd < 0)
		return false;
	if (bpf_map_lookup_elem(fd, &key, &value))
		value = 0;
	close(fd);
	return value == MAP_VALUE;
}

/*
 * Lazily unmount every BPF FS in this mount namespace; true if none is
 * left. Only for the delegate, whose mounts are private copies.
 */
static bool detach_all_bpffs(void)
{
	int round, n;

	for (round = 0; round < 16; round++) {
		n = bpf_mounts(true);
		if (n <= 0)
			return n == 0;
	}
	return false;
}

/*
 * The delegate: in a mount namespace of its own, with no BPF FS that it
 * could reach by a path (it detaches its copies of the supervisor's),
 * it gets the detached mount's fd over the socket, finds the
 * supervisor's pin through it, and pins a map of its own through it,
 * also with the fd moved to 0.
 */
static enum child_step delegate(int sock, ino_t parent_mntns)
{
	__u32 key = 0, value = MAP_VALUE;
	enum child_step step;
	int mnt_fd, map_fd;

	step = enter_own_mntns(parent_mntns);
	if (step != CHILD_OK)
		return step;
	if (!detach_all_bpffs())
		return CHILD_NO_BPFFS;
	mnt_fd = recv_fd(sock);
	if (mnt_fd < 0)
		return CHILD_RECV_FD;
	if (!delegate_got(mnt_fd, "supervisor"))
		return CHILD_GET_SUPERVISOR;
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "delegated", 4, 4, 1, NULL);
	if (map_fd < 0 || bpf_map_update_elem(map_fd, &key, &value, BPF_ANY))
		return CHILD_MAP;
	if (pin_at(map_fd, mnt_fd, "delegated"))
		return CHILD_PIN;
	if (!delegate_got(mnt_fd, "delegated"))
		return CHILD_GET;
	if (dup2(mnt_fd, 0) != 0)
		return CHILD_DUP2_FD0;
	if (pin_at(map_fd, 0, "delegated_fd0"))
		return CHILD_PIN_FD0;
	if (!delegate_got(0, "delegated_fd0"))
		return CHILD_GET_FD0;
	return CHILD_OK;
}

/*
 * Delegation as service and container managers do it: the supervisor
 * makes a detached BPF FS, pins a map of its own there, and hands the
 * fd over SCM_RIGHTS to a process in another mount namespace, which
 * finds that pin and pins through the fd too; the supervisor then finds
 * those pins through its own fd.
 */
static void test_delegate_scm_rights(void)
{
	int sv[2] = { -1, -1 }, mnt_fd, map_fd;
	ino_t mntns;
	pid_t pid;

	mntns = mntns_ino();
	if (!ASSERT_NEQ(mntns, 0, "mntns"))
		return;
	map_fd = create_map();
	if (map_fd < 0)
		return;
	mnt_fd = create_detached_bpffs();
	if (mnt_fd < 0)
		goto out;
	if (!ASSERT_OK(pin_at(map_fd, mnt_fd, "supervisor"), "supervisor_pin"))
		goto out;
	if (!ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv),
		       "socketpair"))
		goto out;
	pid = fork();
	if (pid == 0) {
		close(sv[0]);
		close(mnt_fd);
		close(map_fd);
		_exit(delegate(sv[1], mntns));
	}
	if (!ASSERT_GE(pid, 0, "fork"))
		goto out;
	close_fd(&sv[1]);
	ASSERT_OK(send_fd(sv[0], mnt_fd), "send_fd");
	/* had the send failed, the child now reads EOF instead of hanging */
	close_fd(&sv[0]);
	if (!child_ok(pid, "delegate"))
		goto out;
	ASSERT_TRUE(delegate_got(mnt_fd, "delegated"), "supervisor_gets_pin");
	ASSERT_TRUE(delegate_got(mnt_fd, "delegated_fd0"), "supervisor_gets_fd0_pin");
out:
	close_fd(&sv[0]);
	close_fd(&sv[1]);
	close_fd(&mnt_fd);
	close_fd(&map_fd);
}

/* Remove what a crashed earlier run may have left in TEST_DIR. */
static void remove_test_dir(void)
{
	struct dirent *ent;
	DIR *d;

	d = opendir(TEST_DIR);
	if (!d)
		return;
	while ((ent = readdir(d)))
		if (ent->d_name[0] != '.' &&
		    unlinkat(dirfd(d), ent->d_name, 0))
			unlinkat(dirfd(d), ent->d_name, AT_REMOVEDIR);
	closedir(d);
	rmdir(TEST_DIR);
}

static const struct {
	const char *name;
	void (*fn)(void);
} subtests[] = {
	{ "fd0_detached_mount", test_fd0_detached_mount },
	{ "fd0_o_path_dir", test_fd0_o_path_dir },
	{ "no_flag_ignores_fd0", test_no_flag_ignores_fd0 },
	{ "flag_at_fdcwd", test_flag_at_fdcwd },
	{ "abs_path_ignores_path_fd", test_abs_path_ignores_path_fd },
	{ "einval_flags", test_einval_flags },
	{ "einval_path_fd_without_flag", test_einval_path_fd_without_flag },
	{ "einval_bpf_fd", test_einval_bpf_fd },
	{ "ebadf_closed_path_fd", test_ebadf_closed_path_fd },
	{ "enotdir_file_path_fd", test_enotdir_file_path_fd },
	{ "eperm_not_bpffs", test_eperm_not_bpffs },
	{ "eperm_dot_name", test_eperm_dot_name },
	{ "eexist_enoent", test_eexist_enoent },
	{ "eacces_not_object", test_eacces_not_object },
	{ "erofs_rdonly_mount", test_erofs_rdonly_mount },
	{ "e2big_attr_size", test_e2big_attr_size },
	{ "get_rdonly_wronly", test_get_rdonly_wronly },
	{ "prog", test_prog },
	{ "link", test_link },
	{ "old_size_attr", test_old_size_attr },
	{ "nonzero_tail", test_nonzero_tail },
	{ "libbpf_null_opts", test_libbpf_null_opts },
	{ "libbpf_opts_tail", test_libbpf_opts_tail },
	{ "move_mount", test_move_mount },
	{ "delegate_scm_rights", test_delegate_scm_rights },
};

/*
 * Serial: subtests change the current directory and fd 0 of the process,
 * and share TEST_DIR. Each one must leave as many fds and BPF FS mounts
 * as it found, and the process in the mount namespace it started in.
 */
void serial_test_bpf_obj_path_fd(void)
{
	int null_fd = -1, fds, mounts, i;
	struct statfs st;
	ino_t mntns;

	/*
	 * With fd 0 closed, open() hands out 0: a subtest would get its own
	 * directory fd there, and restoring fd 0 would close it under it.
	 * Hold fd 0 open while the subtests run, and close it again after.
	 */
	if (fcntl(0, F_GETFD) < 0) {
		null_fd = open("/dev/null", O_RDONLY);
		if (null_fd < 0)
			null_fd = open("/", O_PATH | O_DIRECTORY);
		if (!ASSERT_EQ(null_fd, 0, "hold_fd0"))
			goto out;
	}
	mntns = mntns_ino();
	if (!ASSERT_NEQ(mntns, 0, "mntns"))
		goto out;
	if (!ASSERT_OK(statfs(BPFFS_ROOT, &st), "statfs " BPFFS_ROOT) ||
	    !ASSERT_EQ((__u32)st.f_type, (__u32)BPF_FS_MAGIC, "bpffs_at " BPFFS_ROOT))
		goto out;
	remove_test_dir();
	if (!ASSERT_OK(mkdir(TEST_DIR, 0700), "mkdir " TEST_DIR))
		goto out;

	for (i = 0; i < ARRAY_SIZE(subtests); i++) {
		if (!test__start_subtest(subtests[i].name))
			continue;
		/* if a count is impossible, the subtest fails */
		fds = count_fds();
		mounts = count_bpf_mounts();
		ASSERT_GE(fds, 0, "count_fds");
		ASSERT_GE(mounts, 0, "count_bpf_mounts");
		subtests[i].fn();
		ASSERT_EQ(count_fds(), fds, "fds_after");
		ASSERT_EQ(count_bpf_mounts(), mounts, "bpf_mounts_after");
		ASSERT_EQ(mntns_ino(), mntns, "same_mntns");
	}
	remove_test_dir();
out:
	close_fd(&null_fd);
}
