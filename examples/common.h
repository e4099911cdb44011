/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by the examples: a map to pin, and the feature check. */
#ifndef EXAMPLES_COMMON_H
#define EXAMPLES_COMMON_H

#include <bpf/bpf.h>

/*
 * libbpf >= 1.3 has bpf_obj_pin_opts() and path_fd, but the uapi header
 * it includes is the system's: Debian 12's (Linux 6.1) lacks the flag.
 * Its value is ABI.
 */
#ifndef BPF_F_PATH_FD
#define BPF_F_PATH_FD (1U << 14)
#endif

#define EXAMPLE_VALUE 0xcafebeef

/*
 * fsopen("bpf"), fsconfig(FSCONFIG_CMD_CREATE) and fsmount(): the fd of
 * the root of a new BPF FS that no path leads to, or -1 with errno set.
 */
int detached_bpffs(void);

/* An array map holding EXAMPLE_VALUE at key 0, or -1 (message printed). */
int create_example_map(void);

/*
 * Check that @fd is the map @map_fd (same id) and holds EXAMPLE_VALUE;
 * print what was found. Returns 0 or -1.
 */
int check_example_map(int map_fd, int fd);

/*
 * Pin @map_fd as @name relative to @dir_fd with BPF_F_PATH_FD, get it
 * back the same way and check it is the same map. Returns the exit
 * status to use: 0, or as report_path_fd_error().
 */
int pin_and_get(int map_fd, int dir_fd, const char *name);

/*
 * Explain an error of bpf_obj_pin_opts()/bpf_obj_get_opts() called with
 * BPF_F_PATH_FD: on a kernel without the feature that is EINVAL.
 * Returns the exit status to use.
 */
int report_path_fd_error(const char *what, int err);

#endif
