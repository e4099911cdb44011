// SPDX-License-Identifier: GPL-2.0
/*
 * The hazard of a LIBBPF_1.3.0 node that holds only bpf_obj_pin_opts():
 * this program is built against a real libbpf >= 1.3 and uses another
 * symbol of that node, bpf_prog_detach_opts(). ld.so checks versions
 * by node name, so on the tree's libbpf it starts; the missing symbol
 * shows only when it is bound, at the call with lazy binding, at start
 * with LD_BIND_NOW. scripts/checks/libbpf-abi.sh runs it on each
 * library and reports what happens.
 */
#include <errno.h>
#include <stdio.h>
#include <bpf/bpf.h>

int main(void)
{
	int err;

	printf("abi_hazard: started\n");
	fflush(stdout);
	/* no such program or target: any libbpf that has it says so */
	err = bpf_prog_detach_opts(-1, -1, BPF_CGROUP_INET_INGRESS, NULL);
	printf("abi_hazard: bpf_prog_detach_opts returned %d\n", err);
	return err == -EBADF || err == -EINVAL ? 0 : 1;
}
