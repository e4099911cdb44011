// SPDX-License-Identifier: GPL-2.0
/* Count the security_path_mknod() calls that one process makes. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

int target_pid;
int calls;

SEC("lsm/path_mknod")
int BPF_PROG(count_mknod, const struct path *dir, struct dentry *dentry,
	     umode_t mode, unsigned int dev)
{
	if ((bpf_get_current_pid_tgid() >> 32) == target_pid)
		__sync_fetch_and_add(&calls, 1);
	return 0;
}

char _license[] SEC("license") = "GPL";
