// SPDX-License-Identifier: GPL-2.0
/*
 * Delegate a BPF filesystem to a process in another mount namespace,
 * the way a container manager or a service manager can: the supervisor
 * creates a BPF FS that is mounted nowhere and sends its fd over a unix
 * socket (SCM_RIGHTS) to a worker. The worker enters a mount namespace
 * of its own and unmounts every BPF FS there, so that no path leads it
 * to one; it pins a map of its own through the fd it was sent, with
 * BPF_F_PATH_FD, once with the fd as it came and once moved onto fd 0,
 * and gets each pin back. The supervisor then finds both pins through
 * its own fd.
 *
 * Usage: delegate_pin   (as root; exits 2 if the kernel lacks the feature)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "common.h"

static int send_fd(int sock, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = {};
	char byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
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
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg;
	int fd;

	if (recvmsg(sock, &msg, MSG_CMSG_CLOEXEC) != 1)
		return -1;
	cmsg = CMSG_FIRSTHDR(&msg);
	if (!cmsg || cmsg->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
	return fd;
}

static unsigned long mntns(void)
{
	struct stat st;

	return stat("/proc/self/ns/mnt", &st) ? 0 : (unsigned long)st.st_ino;
}

/*
 * Lazily unmount every BPF FS of this (private) mount namespace; returns
 * how many are left.
 */
static int unmount_bpffs(void)
{
	char line[512], where[256];
	int round, left = -1;
	FILE *f;

	for (round = 0; round < 16 && left; round++) {
		f = fopen("/proc/self/mountinfo", "re");
		if (!f)
			return -1;
		left = 0;
		while (fgets(line, sizeof(line), f)) {
			if (!strstr(line, " - bpf ") ||
			    sscanf(line, "%*s %*s %*s %*s %255s", where) != 1)
				continue;
			left++;
			umount2(where, MNT_DETACH);
		}
		fclose(f);
	}
	return left;
}

/* The worker's side; returns its exit status. */
static int run_worker(int sock, unsigned long supervisor_ns)
{
	int mnt_fd, map_fd, ret;

	if (unshare(CLONE_NEWNS)) {
		fprintf(stderr, "worker: unshare(CLONE_NEWNS): %s\n", strerror(errno));
		return 1;
	}
	/* private first: no unmount may reach the supervisor's namespace */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		fprintf(stderr, "worker: making / private: %s\n", strerror(errno));
		return 1;
	}
	if (unmount_bpffs()) {
		fprintf(stderr, "worker: cannot unmount the BPF FS mounts\n");
		return 1;
	}
	mnt_fd = recv_fd(sock);
	if (mnt_fd < 0) {
		fprintf(stderr, "worker: no fd from the supervisor\n");
		return 1;
	}
	printf("  worker: mount namespace %lu (the supervisor's is %lu), no BPF FS mounted, got the mount as fd %d\n",
	       mntns(), supervisor_ns, mnt_fd);
	map_fd = create_example_map();
	if (map_fd < 0)
		return 1;
	ret = pin_and_get(map_fd, mnt_fd, "worker_map");
	if (ret)
		return ret;
	if (dup2(mnt_fd, 0) != 0) {
		fprintf(stderr, "worker: dup2: %s\n", strerror(errno));
		return 1;
	}
	return pin_and_get(map_fd, 0, "worker_map_fd0");
}

/* The supervisor gets @name back through its own fd of the mount. */
static int supervisor_get(int mnt_fd, const char *name)
{
	LIBBPF_OPTS(bpf_obj_get_opts, opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = mnt_fd);
	__u32 key = 0, value = 0;
	int fd;

	fd = bpf_obj_get_opts(name, &opts);
	if (fd < 0)
		return report_path_fd_error("BPF_OBJ_GET", fd);
	if (bpf_map_lookup_elem(fd, &key, &value) || value != EXAMPLE_VALUE) {
		fprintf(stderr, "supervisor: \"%s\" is not the worker's map\n", name);
		close(fd);
		return 1;
	}
	printf("supervisor: got \"%s\" back, value 0x%x\n", name, value);
	close(fd);
	return 0;
}

int main(void)
{
	int sv[2], mnt_fd, status, ret;
	pid_t pid;

	setvbuf(stdout, NULL, _IOLBF, 0);
	mnt_fd = detached_bpffs();
	if (mnt_fd < 0) {
		fprintf(stderr, "cannot create a detached BPF FS: %s (run as root)\n",
			strerror(errno));
		return 1;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		fprintf(stderr, "socketpair: %s\n", strerror(errno));
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "fork: %s\n", strerror(errno));
		return 1;
	}
	if (pid == 0) {
		close(sv[0]);
		close(mnt_fd);
		_exit(run_worker(sv[1], mntns()));
	}
	close(sv[1]);
	printf("supervisor: detached BPF FS mount on fd %d, sending it to worker %d\n",
	       mnt_fd, (int)pid);
	if (send_fd(sv[0], mnt_fd)) {
		fprintf(stderr, "supervisor: sendmsg: %s\n", strerror(errno));
		return 1;
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		fprintf(stderr, "supervisor: the worker did not exit normally\n");
		return 1;
	}
	if (WEXITSTATUS(status))
		return WEXITSTATUS(status);
	ret = supervisor_get(mnt_fd, "worker_map");
	if (!ret)
		ret = supervisor_get(mnt_fd, "worker_map_fd0");
	if (!ret)
		printf("OK: a worker in another mount namespace pinned through the delegated mount, also as fd 0\n");
	return ret;
}
