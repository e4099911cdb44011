// SPDX-License-Identifier: GPL-2.0
/*
 * Refuse every security_path_mknod() call of one process with EXDEV, an
 * errno that nothing else on the pin path returns.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define EXDEV 18

int deny_pid;
int denied;

SEC("lsm/path_mknod")
int BPF_PROG(deny_mknod, const struct path *dir, struct dentry *dentry,
	     umode_t mode, unsigned int dev, int ret)
{
	if (ret)
		return ret;
	if ((bpf_get_current_pid_tgid() >> 32) != deny_pid)
		return 0;
	__sync_fetch_and_add(&denied, 1);
	return -EXDEV;
}

char _license[] SEC("license") = "GPL";
