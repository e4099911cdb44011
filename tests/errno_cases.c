// SPDX-License-Identifier: GPL-2.0
/*
 * The cases of the errno table of docs/pinning-relative.md: each case
 * makes the BPF_OBJ_PIN and BPF_OBJ_GET calls that one row of the table
 * describes, through the raw syscall, and prints what they returned. It
 * does not know what they should return: the table says that, and
 * scripts/checks/errno-table.sh compares the two.
 *
 *   errno_cases list                  the names of the cases
 *   errno_cases [-s] run NAME...      run these cases
 *   errno_cases [-s] run-all          run every case
 *
 * One line per case run: "NAME RESULT", where RESULT is
 *   ENOENT...            the errno every call of the case got
 *   OK                   every call succeeded
 *   DIFFER a=X b=Y...    its calls (a pin and a get, say) disagree
 *   SKIP reason          this machine cannot run it (no BPF LSM, or
 *                        one the kernel refuses; no -s)
 *   ERROR what: why      its own setup failed
 * -s says the machine is a throwaway guest: a case may change what is
 * global to it (fs.file-max). Run as root, with a BPF FS at
 * /sys/fs/bpf; each case works in a directory of its own there, or in
 * detached mounts, and removes what it made. A case that needs another
 * uid or few fds makes its calls in a child. Exits 0 unless it was used
 * wrongly, a case named does not exist, or it could not start (no map,
 * no BASE directory).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/mount.h>

#define BASE		"/sys/fs/bpf/errno_cases"
#define offsetofend(type, member) \
	(offsetof(type, member) + sizeof(((type *)0)->member))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NOBODY		65534
#define MAX_CALLS	8

/* The state of the case that runs: its directory and what it got. */
static char dir[128];			/* BASE/NAME, mode 0755 */
static int dir_fd = -1;			/* an O_PATH fd of it */
static int map_fd = -1;			/* an array map, pinned as dir/m */
static bool global_ok;			/* -s */
static struct {
	const char *what;
	int err;
} calls[MAX_CALLS];
static int ncalls;
static char skipped[256], error[256];

/* The calls of a case: "what" got @ret (0 or -errno). */
static void got(const char *what, int ret)
{
	if (ncalls < MAX_CALLS) {
		calls[ncalls].what = what;
		calls[ncalls].err = ret < 0 ? -ret : 0;
	}
	ncalls++;
}

/* The case's own setup failed: @what, with errno. The first one counts. */
static void failed(const char *what)
{
	if (!error[0])
		snprintf(error, sizeof(error), "%s: %s", what, strerror(errno));
}

__attribute__((format(printf, 1, 2)))
static void skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(skipped, sizeof(skipped), fmt, ap);
	va_end(ap);
}

static const char *errname(int err)
{
	const char *s = err ? strerrorname_np(err) : "OK";

	return s ? s : "E?";
}

/*
 * BPF_OBJ_PIN (bpf_fd a BPF object) or BPF_OBJ_GET (bpf_fd 0), passing
 * the first @size bytes of a union bpf_attr: 0 or -errno. A new fd is
 * closed. pin() and get() pass all of it.
 */
static int obj_sized(int cmd, int bpf_fd, const char *path, __u32 flags,
		     int path_fd, unsigned int size)
{
	union bpf_attr attr;
	int ret;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = (unsigned long)path;
	attr.bpf_fd = bpf_fd;
	attr.file_flags = flags;
	attr.path_fd = path_fd;
	ret = syscall(__NR_bpf, cmd, &attr, size);
	if (ret < 0)
		return -errno;
	if (cmd == BPF_OBJ_GET)
		close(ret);
	return 0;
}

static int pin(const char *path, __u32 flags, int path_fd)
{
	return obj_sized(BPF_OBJ_PIN, map_fd, path, flags, path_fd, sizeof(union bpf_attr));
}

static int get(const char *path, __u32 flags, int path_fd)
{
	return obj_sized(BPF_OBJ_GET, 0, path, flags, path_fd, sizeof(union bpf_attr));
}

/*
 * An attribute of @size bytes at @buf: its BPF_OBJ_* fields a pin or get
 * of @path, the bytes after path_fd left as they are.
 */
static int obj_buf(int cmd, const char *path, void *buf, unsigned int size)
{
	union bpf_attr attr;
	int ret;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = (unsigned long)path;
	attr.bpf_fd = cmd == BPF_OBJ_PIN ? map_fd : 0;
	memcpy(buf, &attr, offsetofend(union bpf_attr, path_fd));
	ret = syscall(__NR_bpf, cmd, buf, size);
	if (ret < 0)
		return -errno;
	if (cmd == BPF_OBJ_GET)
		close(ret);
	return 0;
}

static int map_create(void)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 4;
	attr.max_entries = 1;
	return syscall(__NR_bpf, BPF_MAP_CREATE, &attr, sizeof(attr));
}

static int prog_load(__u32 type, __u32 attach_type, __u32 btf_id,
		     const struct bpf_insn *insns, unsigned int n)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.expected_attach_type = attach_type;
	attr.attach_btf_id = btf_id;
	attr.insns = (unsigned long)insns;
	attr.insn_cnt = n;
	attr.license = (unsigned long)"GPL";
	return syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
}

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })
#define MOV_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

/*
 * A BPF link: a flow dissector program attached to this process's
 * network namespace. -1 with errno set on failure.
 */
static int link_create(void)
{
	struct bpf_insn insns[] = { MOV_IMM(0, 0), EXIT() };
	union bpf_attr attr;
	int prog, ns, link, err;

	prog = prog_load(BPF_PROG_TYPE_FLOW_DISSECTOR, 0, 0, insns, 2);
	if (prog < 0)
		return -1;
	ns = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (ns < 0) {
		close(prog);
		return -1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = prog;
	attr.link_create.target_fd = ns;
	attr.link_create.attach_type = BPF_FLOW_DISSECTOR;
	link = syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
	err = errno;
	close(ns);
	close(prog);
	errno = err;
	return link;
}

/*
 * The BTF id of the function @name in the kernel's BTF, or 0 with errno
 * set. The types are walked one by one: their sizes are those of
 * linux/btf.h.
 */
static __u32 btf_func_id(const char *name)
{
	struct btf_header *hdr;
	char *buf = NULL, *types, *strs, *p;
	size_t len = 0, cap = 0;
	__u32 id = 0, found = 0;
	ssize_t n;
	int fd;

	fd = open("/sys/kernel/btf/vmlinux", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	for (;;) {
		if (len == cap) {
			cap = cap ? 2 * cap : 1 << 20;
			p = realloc(buf, cap);
			if (!p)
				goto out;
			buf = p;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0)
			goto out;
		if (!n)
			break;
		len += n;
	}
	hdr = (struct btf_header *)buf;
	errno = EINVAL;
	if (len < sizeof(*hdr) || hdr->magic != BTF_MAGIC ||
	    hdr->hdr_len + hdr->type_off + hdr->type_len > len ||
	    hdr->hdr_len + hdr->str_off + hdr->str_len > len)
		goto out;
	types = buf + hdr->hdr_len + hdr->type_off;
	strs = buf + hdr->hdr_len + hdr->str_off;
	for (p = types; p + sizeof(struct btf_type) <= types + hdr->type_len;) {
		struct btf_type *t = (struct btf_type *)p;
		__u32 vlen = BTF_INFO_VLEN(t->info);

		id++;
		if (BTF_INFO_KIND(t->info) == BTF_KIND_FUNC && t->name_off < hdr->str_len &&
		    !strcmp(strs + t->name_off, name)) {
			found = id;
			break;
		}
		p += sizeof(*t);
		switch (BTF_INFO_KIND(t->info)) {
		case BTF_KIND_INT:
		case BTF_KIND_VAR:
		case BTF_KIND_DECL_TAG:
			p += 4;
			break;
		case BTF_KIND_ARRAY:
			p += sizeof(struct btf_array);
			break;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			p += vlen * sizeof(struct btf_member);
			break;
		case BTF_KIND_ENUM:
			p += vlen * sizeof(struct btf_enum);
			break;
		case BTF_KIND_FUNC_PROTO:
			p += vlen * sizeof(struct btf_param);
			break;
		case BTF_KIND_DATASEC:
			p += vlen * sizeof(struct btf_var_secinfo);
			break;
		case BTF_KIND_ENUM64:
			p += vlen * sizeof(struct btf_enum64);
			break;
		case BTF_KIND_PTR:
		case BTF_KIND_FWD:
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_FUNC:
		case BTF_KIND_FLOAT:
		case BTF_KIND_TYPE_TAG:
			break;
		default:	/* a kind this walk does not know the size of */
			goto out;
		}
	}
	errno = ENOENT;
out:
	close(fd);
	free(buf);
	return found;
}

/*
 * A BPF LSM program on the hook @hook, attached: the fd of its link, or
 * -1 after skip() (no BPF LSM here: no BTF, not configured, or "bpf" not
 * among the active LSMs; or the kernel refuses such a program).
 */
static int lsm_attach(const char *hook, const struct bpf_insn *insns, unsigned int n)
{
	char func[64];
	union bpf_attr attr;
	__u32 id;
	int prog, link;

	snprintf(func, sizeof(func), "bpf_lsm_%s", hook);
	id = btf_func_id(func);
	if (!id) {
		skip("no BPF LSM here: no %s in the kernel's BTF: %s", func, strerror(errno));
		return -1;
	}
	prog = prog_load(BPF_PROG_TYPE_LSM, BPF_LSM_MAC, id, insns, n);
	if (prog < 0) {
		skip("the kernel refuses a BPF LSM program on %s: %s", hook, strerror(errno));
		return -1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.raw_tracepoint.prog_fd = prog;
	link = syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr, sizeof(attr));
	if (link < 0)
		skip("the kernel refuses to attach a BPF LSM program: %s", strerror(errno));
	close(prog);
	return link;
}

/*
 * A mount of a new @fstype instance that no path leads to, with the
 * MOUNT_ATTR_* @attrs: an O_PATH fd of its root, or -1 after failed().
 */
static int detached(const char *fstype, unsigned int attrs)
{
	int fs_fd, mnt_fd = -1;

	fs_fd = syscall(__NR_fsopen, fstype, FSOPEN_CLOEXEC);
	if (fs_fd < 0) {
		failed("fsopen");
		return -1;
	}
	if (syscall(__NR_fsconfig, fs_fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0)) {
		failed("fsconfig");
	} else {
		mnt_fd = syscall(__NR_fsmount, fs_fd, FSMOUNT_CLOEXEC, attrs);
		if (mnt_fd < 0)
			failed("fsmount");
	}
	close(fs_fd);
	return mnt_fd;
}

/* @fn(@arg) in a child, as uid/gid 65534 if @nobody: its 0 or -errno. */
static int in_child(int (*fn)(void *), void *arg, bool nobody)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		failed("fork");
		return -EAGAIN;
	}
	if (!pid) {
		if (nobody && (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY)))
			_exit(255);
		_exit(-fn(arg));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) == 255) {
		errno = ECHILD;
		failed("the child");
		return -ECHILD;
	}
	return -WEXITSTATUS(status);
}

/* What a child does: a pin or a get of @path with @flags, by @path_fd. */
struct call {
	int cmd;
	const char *path;
	__u32 flags;
	int path_fd;
};

static int child_call(void *arg)
{
	struct call *c = arg;

	if (c->cmd == BPF_OBJ_PIN)
		return pin(c->path, c->flags, c->path_fd);
	return get(c->path, c->flags, c->path_fd);
}

static int as_nobody(int cmd, const char *path, __u32 flags, int path_fd)
{
	struct call c = { cmd, path, flags, path_fd };

	return in_child(child_call, &c, true);
}

/* A path in the case's directory. */
static const char *in_dir(const char *name)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

/* Remove @name in @parent and everything under it. */
static void rm_rf(int parent, const char *name)
{
	struct dirent *e;
	DIR *d;
	int fd;

	if (!unlinkat(parent, name, 0) || errno == ENOENT)
		return;
	fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			rm_rf(dirfd(d), e->d_name);
	closedir(d);
	unlinkat(parent, name, AT_REMOVEDIR);
}

/* The cases, in the order of the table. */

static void e2big_size_past_page(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *buf = calloc(1, 2 * page);

	if (!buf) {
		failed("calloc");
		return;
	}
	got("pin", obj_buf(BPF_OBJ_PIN, in_dir("n"), buf, page + 1));
	got("get", obj_buf(BPF_OBJ_GET, in_dir("m"), buf, page + 1));
	free(buf);
}

static void e2big_nonzero_past_union(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *buf = calloc(1, page);

	if (!buf) {
		failed("calloc");
		return;
	}
	/* the last byte of a page: past any kernel's union bpf_attr */
	buf[page - 1] = 1;
	got("pin", obj_buf(BPF_OBJ_PIN, in_dir("n"), buf, page));
	got("get", obj_buf(BPF_OBJ_GET, in_dir("m"), buf, page));
	free(buf);
}

static void efault_attr(void)
{
	/* address 8: never mapped */
	void *bad = (void *)8;

	got("pin", syscall(__NR_bpf, BPF_OBJ_PIN, bad, sizeof(union bpf_attr)) < 0 ? -errno : 0);
	got("get", syscall(__NR_bpf, BPF_OBJ_GET, bad, sizeof(union bpf_attr)) < 0 ? -errno : 0);
}

static void efault_pathname(void)
{
	got("pin", pin((const char *)8, 0, 0));
	got("get", get((const char *)8, 0, 0));
}

static void einval_flags(void)
{
	got("pin-rdonly", pin("n", BPF_F_PATH_FD | BPF_F_RDONLY, dir_fd));
	got("get-bit15", get("m", BPF_F_PATH_FD | (1U << 15), dir_fd));
}

static void einval_path_fd_without_flag(void)
{
	/* an absolute pathname and the fd of its own directory */
	got("pin", pin(in_dir("n"), 0, dir_fd));
	got("get", get(in_dir("m"), 0, dir_fd));
}

static void einval_nonzero_tail(void)
{
	char buf[sizeof(union bpf_attr)] = { 0 };

	/* the first byte after path_fd */
	buf[offsetofend(union bpf_attr, path_fd)] = 1;
	got("pin", obj_buf(BPF_OBJ_PIN, in_dir("n"), buf, sizeof(buf)));
	got("get", obj_buf(BPF_OBJ_GET, in_dir("m"), buf, sizeof(buf)));
}

static void einval_pin_bpf_fd(void)
{
	int p[2], closed;

	if (pipe2(p, O_CLOEXEC)) {
		failed("pipe");
		return;
	}
	closed = p[1];
	close(closed);
	got("pipe", obj_sized(BPF_OBJ_PIN, p[0], in_dir("n"), 0, 0, sizeof(union bpf_attr)));
	got("closed", obj_sized(BPF_OBJ_PIN, closed, in_dir("n"), 0, 0, sizeof(union bpf_attr)));
	close(p[0]);
}

static void einval_get_bpf_fd(void)
{
	got("get", obj_sized(BPF_OBJ_GET, map_fd, in_dir("m"), 0, 0, sizeof(union bpf_attr)));
}

static void einval_get_rdonly_wronly(void)
{
	got("get", get("m", BPF_F_PATH_FD | BPF_F_RDONLY | BPF_F_WRONLY, dir_fd));
}

static void einval_get_link_rdonly(void)
{
	int link = link_create();

	if (link < 0) {
		failed("creating a link");
		return;
	}
	if (obj_sized(BPF_OBJ_PIN, link, in_dir("l"), 0, 0, sizeof(union bpf_attr))) {
		failed("pinning the link");
	} else {
		got("rdonly", get("l", BPF_F_PATH_FD | BPF_F_RDONLY, dir_fd));
		got("wronly", get("l", BPF_F_PATH_FD | BPF_F_WRONLY, dir_fd));
	}
	close(link);
}

static void ebadf_path_fd(void)
{
	int closed = dup(dir_fd);

	close(closed);
	got("pin-minus-1", pin("n", BPF_F_PATH_FD, -1));
	got("get-closed", get("m", BPF_F_PATH_FD, closed));
}

static void enotdir_path_fd(void)
{
	/* the pin's own O_PATH fd, a regular file */
	int fd = openat(dir_fd, "m", O_PATH | O_CLOEXEC);

	if (fd < 0) {
		failed("open m");
		return;
	}
	got("pin", pin("n", BPF_F_PATH_FD, fd));
	got("get", get("m", BPF_F_PATH_FD, fd));
	close(fd);
}

/* fd 0 a pipe; a get of @arg, with the flag and no path_fd: 16 bytes */
static int stdin_get(void *arg)
{
	int p[2];

	if (pipe(p) || dup2(p[0], 0) < 0)
		return -EPIPE;
	return obj_sized(BPF_OBJ_GET, 0, arg, BPF_F_PATH_FD, 0,
			 offsetofend(union bpf_attr, file_flags));
}

static void enotdir_flag_path_fd_0(void)
{
	got("get", in_child(stdin_get, "m", false));
}

static void enotdir_component(void)
{
	got("pin", pin("m/n", BPF_F_PATH_FD, dir_fd));
	got("get", get("m/m", BPF_F_PATH_FD, dir_fd));
}

static void enotdir_get_trailing_slash(void)
{
	got("get", get("m/", BPF_F_PATH_FD, dir_fd));
}

static void enoent_missing_dir(void)
{
	got("pin", pin("nodir/n", BPF_F_PATH_FD, dir_fd));
	got("get", get("nodir/m", BPF_F_PATH_FD, dir_fd));
}

static void enoent_get_missing(void)
{
	got("get", get("nothere", BPF_F_PATH_FD, dir_fd));
}

static void enoent_empty_path(void)
{
	got("pin", pin("", 0, 0));
	got("get", get("", 0, 0));
	got("pin-flag", pin("", BPF_F_PATH_FD, dir_fd));
	got("get-flag", get("", BPF_F_PATH_FD, dir_fd));
}

static void enoent_deleted_dir(void)
{
	int fd;

	if (mkdirat(dir_fd, "gone", 0755)) {
		failed("mkdir gone");
		return;
	}
	fd = openat(dir_fd, "gone", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || unlinkat(dir_fd, "gone", AT_REMOVEDIR)) {
		failed("open and remove gone");
	} else {
		got("pin", pin("n", BPF_F_PATH_FD, fd));
		got("get", get("m", BPF_F_PATH_FD, fd));
	}
	if (fd >= 0)
		close(fd);
}

static void enoent_pin_trailing_slash(void)
{
	got("pin", pin("new/", BPF_F_PATH_FD, dir_fd));
}

static void eexist_pin_exists(void)
{
	if (mkdirat(dir_fd, "d", 0755) || symlinkat("nowhere", dir_fd, "s")) {
		failed("mkdir d, symlink s");
		return;
	}
	got("pin", pin("m", BPF_F_PATH_FD, dir_fd));
	got("dir", pin("d", BPF_F_PATH_FD, dir_fd));
	got("dangling-symlink", pin("s", BPF_F_PATH_FD, dir_fd));
	got("pin-slash", pin("m/", BPF_F_PATH_FD, dir_fd));
}

static void eexist_pin_dot(void)
{
	got("dot", pin(".", BPF_F_PATH_FD, dir_fd));
	got("dotdot", pin("..", BPF_F_PATH_FD, dir_fd));
	got("root", pin("/", 0, 0));
}

static void eperm_dot_name(void)
{
	got("pin", pin("a.b", BPF_F_PATH_FD, dir_fd));
	got("get", get("a.b", BPF_F_PATH_FD, dir_fd));
	got("get-dir", get("a.b/m", BPF_F_PATH_FD, dir_fd));
}

static void eperm_not_bpffs(void)
{
	int mnt = detached("tmpfs", 0);

	if (mnt < 0)
		return;
	got("pin", pin("n", BPF_F_PATH_FD, mnt));
	close(mnt);
}

static void erofs_rdonly_bpffs(void)
{
	int mnt = detached("bpf", MOUNT_ATTR_RDONLY);

	if (mnt < 0)
		return;
	got("pin", pin("n", BPF_F_PATH_FD, mnt));
	close(mnt);
}

static void erofs_rdonly_other_fs(void)
{
	int mnt = detached("tmpfs", MOUNT_ATTR_RDONLY);

	if (mnt < 0)
		return;
	got("pin", pin("n", BPF_F_PATH_FD, mnt));
	close(mnt);
}

static void eacces_search(void)
{
	if (mkdirat(dir_fd, "locked", 0700) || pin(in_dir("locked/m"), 0, 0)) {
		failed("pinning locked/m");
		return;
	}
	got("pin", as_nobody(BPF_OBJ_PIN, "locked/n", BPF_F_PATH_FD, dir_fd));
	got("get", as_nobody(BPF_OBJ_GET, "locked/m", BPF_F_PATH_FD | BPF_F_RDONLY, dir_fd));
}

static void eacces_pin_no_write(void)
{
	got("pin", as_nobody(BPF_OBJ_PIN, "n", BPF_F_PATH_FD, dir_fd));
}

static void eacces_get_perm(void)
{
	/* m is 0600, root's */
	got("get", as_nobody(BPF_OBJ_GET, "m", BPF_F_PATH_FD, dir_fd));
	got("get-rdonly", as_nobody(BPF_OBJ_GET, "m", BPF_F_PATH_FD | BPF_F_RDONLY, dir_fd));
	got("get-wronly", as_nobody(BPF_OBJ_GET, "m", BPF_F_PATH_FD | BPF_F_WRONLY, dir_fd));
}

static void eacces_get_not_object(void)
{
	int mnt, fd;

	if (mkdirat(dir_fd, "d", 0755)) {
		failed("mkdir d");
		return;
	}
	got("dir", get("d", BPF_F_PATH_FD, dir_fd));
	mnt = detached("tmpfs", 0);
	if (mnt < 0)
		return;
	fd = openat(mnt, "f", O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
	if (fd < 0) {
		failed("creating a tmpfs file");
	} else {
		got("tmpfs-file", get("f", BPF_F_PATH_FD, mnt));
		close(fd);
	}
	close(mnt);
}

static void eloop_symlinks(void)
{
	if (symlinkat("b", dir_fd, "a") || symlinkat("a", dir_fd, "b")) {
		failed("symlinks a and b");
		return;
	}
	got("pin", pin("a/n", BPF_F_PATH_FD, dir_fd));
	got("get", get("a", BPF_F_PATH_FD, dir_fd));
}

static void enametoolong_name(void)
{
	char name[NAME_MAX + 2];

	memset(name, 'n', NAME_MAX + 1);
	name[NAME_MAX + 1] = '\0';
	got("pin", pin(name, BPF_F_PATH_FD, dir_fd));
	got("get", get(name, BPF_F_PATH_FD, dir_fd));
}

static void enametoolong_path(void)
{
	static char path[PATH_MAX + 1];
	int i;

	/* "./" PATH_MAX / 2 times: PATH_MAX bytes before the NUL */
	for (i = 0; i < PATH_MAX; i += 2)
		memcpy(path + i, "./", 2);
	path[PATH_MAX] = '\0';
	got("pin", pin(path, BPF_F_PATH_FD, dir_fd));
	got("get", get(path, BPF_F_PATH_FD, dir_fd));
}

/* With no fd free below RLIMIT_NOFILE, a get of "m" in the case dir. */
static int get_no_fd(void *arg)
{
	struct rlimit lim;
	int fd;

	/* the lowest free fd: every one below it is taken */
	fd = open("/", O_PATH | O_CLOEXEC);
	if (fd < 0)
		return -EPIPE;
	lim.rlim_cur = fd + 1;
	lim.rlim_max = fd + 1;
	if (setrlimit(RLIMIT_NOFILE, &lim))
		return -EPIPE;
	return get("m", BPF_F_PATH_FD, dir_fd);
}

static void emfile_get(void)
{
	got("get", in_child(get_no_fd, NULL, false));
}

static void enfile_get(void)
{
	char old[32] = "";
	ssize_t n;
	int fd;

	if (!global_ok) {
		skip("lowers the machine's fs.file-max (-s: a guest of its own)");
		return;
	}
	if (fchmodat(dir_fd, "m", 0666, 0)) {
		failed("chmod m");
		return;
	}
	fd = open("/proc/sys/fs/file-max", O_RDWR | O_CLOEXEC);
	n = fd < 0 ? -1 : pread(fd, old, sizeof(old) - 1, 0);
	if (n <= 0) {
		failed("reading fs.file-max");
	} else if (pwrite(fd, "1\n", 2, 0) != 2) {
		failed("writing fs.file-max");
	} else {
		got("get", as_nobody(BPF_OBJ_GET, "m", BPF_F_PATH_FD, dir_fd));
		if (pwrite(fd, old, n, 0) != n)
			failed("restoring fs.file-max");
	}
	if (fd >= 0)
		close(fd);
}

static void lsm_path_mknod(void)
{
	/* -EXDEV for this process, 0 for every other */
	struct bpf_insn insns[] = {
		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_current_pid_tgid),
		INSN(BPF_ALU64 | BPF_RSH | BPF_K, 0, 0, 0, 32),
		INSN(BPF_JMP | BPF_JNE | BPF_K, 0, 0, 2, getpid()),
		MOV_IMM(0, -EXDEV),
		EXIT(),
		MOV_IMM(0, 0),
		EXIT(),
	};
	int link = lsm_attach("path_mknod", insns, ARRAY_SIZE(insns));
	struct stat st;

	if (link < 0)
		return;
	got("pin", pin("n", BPF_F_PATH_FD, dir_fd));
	close(link);
	/* a refused pin leaves no file */
	if (!fstatat(dir_fd, "n", &st, AT_SYMLINK_NOFOLLOW))
		got("left-a-file", -EEXIST);
}

static void lsm_bpf_before_einval(void)
{
	/* -EXDEV for this process's BPF_OBJ_PIN and BPF_OBJ_GET (ctx[0]: cmd) */
	struct bpf_insn insns[] = {
		INSN(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0),
		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_get_current_pid_tgid),
		INSN(BPF_ALU64 | BPF_RSH | BPF_K, 0, 0, 0, 32),
		INSN(BPF_JMP | BPF_JNE | BPF_K, 0, 0, 5, getpid()),
		INSN(BPF_LDX | BPF_MEM | BPF_DW, 1, 6, 0, 0),
		INSN(BPF_JMP32 | BPF_JEQ | BPF_K, 1, 0, 1, BPF_OBJ_PIN),
		INSN(BPF_JMP32 | BPF_JNE | BPF_K, 1, 0, 2, BPF_OBJ_GET),
		MOV_IMM(0, -EXDEV),
		EXIT(),
		MOV_IMM(0, 0),
		EXIT(),
	};
	int link = lsm_attach("bpf", insns, ARRAY_SIZE(insns));

	if (link < 0)
		return;
	/* flags neither command takes: EINVAL, if the LSM came later */
	got("pin", pin("n", BPF_F_PATH_FD | (1U << 15), dir_fd));
	got("get", get("m", BPF_F_PATH_FD | (1U << 15), dir_fd));
	close(link);
}

static void feature_probe(void)
{
	got("get", get("", BPF_F_PATH_FD, AT_FDCWD));
}

static void flag_relative(void)
{
	got("pin", pin("n", BPF_F_PATH_FD, dir_fd));
	got("get", get("m", BPF_F_PATH_FD, dir_fd));
}

static void abs_path_with_flag(void)
{
	got("pin", pin(in_dir("n"), BPF_F_PATH_FD, -1));
	got("get", get(in_dir("m"), BPF_F_PATH_FD, -1));
}

static void dotdot_detached_root(void)
{
	int mnt = detached("bpf", 0);

	if (mnt < 0)
		return;
	if (pin("m", BPF_F_PATH_FD, mnt)) {
		failed("pinning m in the detached mount");
	} else {
		got("get", get("../m", BPF_F_PATH_FD, mnt));
		got("get-twice", get("../../m", BPF_F_PATH_FD, mnt));
		got("pin", pin("../n", BPF_F_PATH_FD, mnt));
		got("get-pinned", get("n", BPF_F_PATH_FD, mnt));
	}
	close(mnt);
}

static void attr_size_16(void)
{
	unsigned int size = offsetofend(union bpf_attr, file_flags);

	got("pin", obj_sized(BPF_OBJ_PIN, map_fd, in_dir("n"), 0, 0, size));
	got("get", obj_sized(BPF_OBJ_GET, 0, in_dir("m"), 0, 0, size));
}

static const struct errcase {
	const char *name;
	void (*run)(void);
} cases[] = {
#define CASE(name) { #name, name }
	CASE(e2big_size_past_page),
	CASE(e2big_nonzero_past_union),
	CASE(efault_attr),
	CASE(efault_pathname),
	CASE(einval_flags),
	CASE(einval_path_fd_without_flag),
	CASE(einval_nonzero_tail),
	CASE(einval_pin_bpf_fd),
	CASE(einval_get_bpf_fd),
	CASE(einval_get_rdonly_wronly),
	CASE(einval_get_link_rdonly),
	CASE(ebadf_path_fd),
	CASE(enotdir_path_fd),
	CASE(enotdir_flag_path_fd_0),
	CASE(enotdir_component),
	CASE(enotdir_get_trailing_slash),
	CASE(enoent_missing_dir),
	CASE(enoent_get_missing),
	CASE(enoent_empty_path),
	CASE(enoent_deleted_dir),
	CASE(enoent_pin_trailing_slash),
	CASE(eexist_pin_exists),
	CASE(eexist_pin_dot),
	CASE(eperm_dot_name),
	CASE(eperm_not_bpffs),
	CASE(erofs_rdonly_bpffs),
	CASE(erofs_rdonly_other_fs),
	CASE(eacces_search),
	CASE(eacces_pin_no_write),
	CASE(eacces_get_perm),
	CASE(eacces_get_not_object),
	CASE(eloop_symlinks),
	CASE(enametoolong_name),
	CASE(enametoolong_path),
	CASE(emfile_get),
	CASE(enfile_get),
	CASE(lsm_path_mknod),
	CASE(lsm_bpf_before_einval),
	CASE(feature_probe),
	CASE(flag_relative),
	CASE(abs_path_with_flag),
	CASE(dotdot_detached_root),
	CASE(attr_size_16),
#undef CASE
};

#define NCASES ARRAY_SIZE(cases)

/* The result of the calls the case made, as the line prints it. */
static void print_result(const char *name)
{
	bool same = true;
	int i;

	printf("%s ", name);
	if (error[0]) {
		printf("ERROR %s\n", error);
		return;
	}
	if (skipped[0]) {
		printf("SKIP %s\n", skipped);
		return;
	}
	if (!ncalls || ncalls > MAX_CALLS) {
		printf("ERROR the case made %d calls\n", ncalls);
		return;
	}
	for (i = 1; i < ncalls; i++)
		same &= calls[i].err == calls[0].err;
	if (same) {
		printf("%s\n", errname(calls[0].err));
		return;
	}
	printf("DIFFER");
	for (i = 0; i < ncalls; i++)
		printf(" %s=%s", calls[i].what, errname(calls[i].err));
	printf("\n");
}

static void run(const struct errcase *c)
{
	ncalls = 0;
	error[0] = '\0';
	skipped[0] = '\0';
	snprintf(dir, sizeof(dir), "%s/%s", BASE, c->name);
	rm_rf(AT_FDCWD, dir);
	dir_fd = mkdir(dir, 0755) ? -1 : open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0) {
		failed("mkdir and open " BASE "/NAME");
	} else {
		/* by path, without the flag: what every kernel does */
		if (pin(in_dir("m"), 0, 0))
			failed("pinning m");
		else
			c->run();
		close(dir_fd);
	}
	rm_rf(AT_FDCWD, dir);
	print_result(c->name);
	fflush(stdout);
}

static const struct errcase *find(const char *name)
{
	size_t i;

	for (i = 0; i < NCASES; i++)
		if (!strcmp(cases[i].name, name))
			return &cases[i];
	return NULL;
}

static int usage(void)
{
	fputs("usage: errno_cases list | [-s] run NAME... | [-s] run-all\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	size_t n;
	int i;

	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (n = 0; n < NCASES; n++)
			printf("%s\n", cases[n].name);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "-s")) {
		global_ok = true;
		argv++;
		argc--;
	}
	if (argc < 2 || (strcmp(argv[1], "run") && strcmp(argv[1], "run-all")) ||
	    (!strcmp(argv[1], "run-all") && argc != 2))
		return usage();
	for (i = 2; i < argc; i++) {
		if (!find(argv[i])) {
			fprintf(stderr, "errno_cases: no case %s (errno_cases list)\n", argv[i]);
			return 2;
		}
	}
	umask(0);
	rm_rf(AT_FDCWD, BASE);
	map_fd = map_create();
	if (map_fd < 0 || mkdir(BASE, 0755)) {
		perror("errno_cases: map create, or mkdir " BASE " (root, and a BPF FS there?)");
		return 1;
	}
	if (!strcmp(argv[1], "run-all")) {
		for (n = 0; n < NCASES; n++)
			run(&cases[n]);
	} else {
		for (i = 2; i < argc; i++)
			run(find(argv[i]));
	}
	rm_rf(AT_FDCWD, BASE);
	close(map_fd);
	return 0;
}
