// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF_OBJ_PIN/BPF_OBJ_GET part of union bpf_attr as this compiler
 * lays it out. bpf(2) has no compat translation: a 32-bit caller on a
 * 64-bit kernel hands over the same bytes, so every field must sit at
 * the same offset for -m32 as for x86_64, path_fd included. Then a pin
 * and a get through path_fd 0 from this ABI, on the running kernel.
 *
 * Usage: attr_layout (as root, BPF FS on /sys/fs/bpf); exits non-zero
 * on a wrong offset or a failed call.
 */
#define _GNU_SOURCE /* O_PATH */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/bpf.h>

#define FIELD(f, want) { #f, offsetof(union bpf_attr, f), sizeof(((union bpf_attr *)0)->f), want }

static const struct {
	const char *name;
	size_t off, size, want;
} fields[] = {
	FIELD(pathname, 0),
	FIELD(bpf_fd, 8),
	FIELD(file_flags, 12),
	FIELD(path_fd, 16),
};

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, offsetof(union bpf_attr, path_fd) + sizeof(__s32));
}

int main(void)
{
	union bpf_attr attr;
	unsigned int i;
	int bad = 0, dir, map, got;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		printf("attr_layout: %zu-bit %s at %zu, %zu bytes\n", sizeof(long) * 8,
		       fields[i].name, fields[i].off, fields[i].size);
		if (fields[i].off != fields[i].want) {
			fprintf(stderr, "attr_layout: %s at %zu, want %zu\n",
				fields[i].name, fields[i].off, fields[i].want);
			bad = 1;
		}
	}
	if (sizeof(attr.pathname) != 8 || sizeof(attr.path_fd) != 4) {
		fprintf(stderr, "attr_layout: pathname or path_fd has the wrong size\n");
		bad = 1;
	}
	if (bad)
		return 1;

	/* the directory on fd 0, so the flag is what makes it count */
	close(0);
	dir = open("/sys/fs/bpf", O_PATH | O_DIRECTORY);
	if (dir != 0) {
		perror("attr_layout: open /sys/fs/bpf as fd 0");
		return 1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 4;
	attr.max_entries = 1;
	map = syscall(__NR_bpf, BPF_MAP_CREATE, &attr, sizeof(attr));
	if (map < 0) {
		perror("attr_layout: BPF_MAP_CREATE");
		return 1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.pathname = (unsigned long)"attr_layout_map";
	attr.bpf_fd = map;
	attr.file_flags = BPF_F_PATH_FD;
	attr.path_fd = 0;
	if (sys_bpf(BPF_OBJ_PIN, &attr)) {
		perror("attr_layout: BPF_OBJ_PIN relative to path_fd 0");
		return 1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.pathname = (unsigned long)"attr_layout_map";
	attr.file_flags = BPF_F_PATH_FD;
	attr.path_fd = 0;
	got = sys_bpf(BPF_OBJ_GET, &attr);
	unlink("/sys/fs/bpf/attr_layout_map");
	if (got < 0) {
		perror("attr_layout: BPF_OBJ_GET relative to path_fd 0");
		return 1;
	}
	printf("attr_layout: %zu-bit pin and get through path_fd 0: OK\n", sizeof(long) * 8);
	return 0;
}
