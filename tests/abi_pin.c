// SPDX-License-Identifier: GPL-2.0
/*
 * A dynamically linked libbpf user for scripts/checks/libbpf-abi.sh: it is
 * built against one libbpf (the patched one, or Debian's 1.4.6) and run
 * on the other. With a detached BPF FS on fd 0 it pins a map through
 * path_fd 0 with bpf_obj_pin_opts() and gets it back with
 * bpf_obj_get_opts(), then says which libbpf did it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "bpffs.h"

/* Debian's linux/bpf.h (Linux 6.1) predates the flag; its value is ABI. */
#ifndef BPF_F_PATH_FD
#define BPF_F_PATH_FD (1U << 14)
#endif

#define VALUE 0xcafebeef

static int fail(const char *what, int err)
{
	fprintf(stderr, "abi_pin: %s: %d\n", what, err);
	return 1;
}

int main(void)
{
	LIBBPF_OPTS(bpf_obj_pin_opts, pin_opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = 0);
	LIBBPF_OPTS(bpf_obj_get_opts, get_opts, .file_flags = BPF_F_PATH_FD,
		    .path_fd = 0);
	__u32 key = 0, value = VALUE;
	int mnt_fd, map_fd, fd, err;
	Dl_info info = {};

	mnt_fd = detached_bpffs();
	if (mnt_fd < 0)
		return fail("detached BPF FS", -errno);
	if (dup2(mnt_fd, 0) != 0)
		return fail("dup2 to fd 0", -errno);
	close(mnt_fd);

	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "abi_pin", 4, 4, 1, NULL);
	if (map_fd < 0)
		return fail("bpf_map_create", map_fd);
	err = bpf_map_update_elem(map_fd, &key, &value, BPF_ANY);
	if (err)
		return fail("bpf_map_update_elem", err);
	err = bpf_obj_pin_opts(map_fd, "abi_map", &pin_opts);
	if (err)
		return fail("bpf_obj_pin_opts through fd 0", err);
	fd = bpf_obj_get_opts("abi_map", &get_opts);
	if (fd < 0)
		return fail("bpf_obj_get_opts through fd 0", fd);
	value = 0;
	err = bpf_map_lookup_elem(fd, &key, &value);
	if (err || value != VALUE)
		return fail("value read back", err ? err : (int)value);

	/*
	 * The version string lives in the libbpf.so the loader picked: unlike
	 * a function's address, which is the executable's PLT entry in a
	 * non-PIE build, it names that library whatever the build.
	 */
	dladdr(libbpf_version_string(), &info);
	printf("abi_pin: OK with libbpf %u.%u from %s\n", libbpf_major_version(),
	       libbpf_minor_version(), info.dli_fname ? info.dli_fname : "?");
	return 0;
}
