// SPDX-License-Identifier: GPL-2.0
/*
 * Pin a BPF map and a program into DIR, named relative to an O_PATH fd.
 *
 * DIR is opened with O_PATH (no read permission needed, only a handle
 * on the directory), and BPF_F_PATH_FD makes BPF_OBJ_PIN resolve the
 * names against it. The objects stay pinned as DIR/example_map and
 * DIR/example_prog, so that other tools (bpftool) can find them.
 *
 * Usage: opath_pin DIR   (DIR on a BPF FS; as root)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/filter.h>
#include "common.h"

/* A socket filter that accepts nothing: "r0 = 0; exit". */
static int load_example_prog(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "example_prog",
			     "GPL", insns, 2, NULL);
}

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, pin_opts, .file_flags = BPF_F_PATH_FD);
	LIBBPF_OPTS(bpf_obj_get_opts, get_opts, .file_flags = BPF_F_PATH_FD);
	int dir_fd, map_fd, prog_fd, fd, err;

	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR   (a directory on a BPF FS)\n", argv[0]);
		return 1;
	}
	dir_fd = open(argv[1], O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	map_fd = create_example_map();
	if (map_fd < 0)
		return 1;
	prog_fd = load_example_prog();
	if (prog_fd < 0) {
		fprintf(stderr, "cannot load a program: %s\n", strerror(-prog_fd));
		return 1;
	}
	printf("%s opened with O_PATH as fd %d\n", argv[1], dir_fd);

	pin_opts.path_fd = dir_fd;
	err = bpf_obj_pin_opts(map_fd, "example_map", &pin_opts);
	if (err)
		return report_path_fd_error("BPF_OBJ_PIN example_map", err);
	err = bpf_obj_pin_opts(prog_fd, "example_prog", &pin_opts);
	if (err)
		return report_path_fd_error("BPF_OBJ_PIN example_prog", err);
	printf("  pinned %s/example_map and %s/example_prog\n", argv[1], argv[1]);

	get_opts.path_fd = dir_fd;
	fd = bpf_obj_get_opts("example_map", &get_opts);
	if (fd < 0)
		return report_path_fd_error("BPF_OBJ_GET", fd);
	if (check_example_map(map_fd, fd))
		return 1;
	printf("OK: pinned relative to an O_PATH directory fd\n");
	return 0;
}
