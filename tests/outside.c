// SPDX-License-Identifier: GPL-2.0
/*
 * An outside program, built with nothing but
 *   $(pkg-config --cflags --libs libbpf)
 * against the installed patched libbpf: it must see the new API and
 * uapi, and the library must report 1.1, the release whose API it has
 * (bpf_obj_pin_opts() is a backport, versioned LIBBPF_1.3.0 as
 * upstream has it). Needs no BPF-capable kernel: the opts check fails
 * inside libbpf, before any syscall.
 */
#include <errno.h>
#include <stdio.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

int main(void)
{
	struct {
		struct bpf_obj_pin_opts opts;
		long unknown_field;
	} big = { .opts.sz = sizeof(big), .unknown_field = 1 };
	LIBBPF_OPTS(bpf_obj_get_opts, get_opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = 0);
	int err;

	printf("libbpf %u.%u, BPF_F_PATH_FD = 0x%x\n", libbpf_major_version(),
	       libbpf_minor_version(), BPF_F_PATH_FD);
	if (libbpf_major_version() != 1 || libbpf_minor_version() != 1) {
		fprintf(stderr, "the library claims a version other than 1.1\n");
		return 1;
	}
	if (BPF_F_PATH_FD != (1U << 14) || get_opts.path_fd != 0) {
		fprintf(stderr, "unexpected uapi\n");
		return 1;
	}
	err = bpf_obj_pin_opts(-1, "/nonexistent", &big.opts);
	if (err != -EINVAL) {
		fprintf(stderr, "bpf_obj_pin_opts with unknown opts: %d, want %d\n",
			err, -EINVAL);
		return 1;
	}
	printf("bpf_obj_pin_opts rejects unknown opts fields: OK\n");
	return 0;
}
