// SPDX-License-Identifier: GPL-2.0
/*
 * The debian-system check's compile check of the installed uapi header
 * (linux-libc-dev of make deb): <linux/bpf.h> alone, with no fallback
 * define, has BPF_F_PATH_FD as mainline's and path_fd where mainline
 * has it. Compiles (gcc -c) only against the patched header.
 */
#include <stddef.h>
#include <linux/bpf.h>

_Static_assert(BPF_F_PATH_FD == (1U << 14), "BPF_F_PATH_FD is 1U << 14");
_Static_assert(offsetof(union bpf_attr, path_fd) == 16, "path_fd at offset 16");
_Static_assert(sizeof(((union bpf_attr *)0)->path_fd) == 4, "path_fd is 32 bits");
_Static_assert((__typeof__(((union bpf_attr *)0)->path_fd))-1 < 0,
	       "path_fd is signed, as a file descriptor is");
