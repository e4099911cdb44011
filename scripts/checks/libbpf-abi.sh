#!/bin/sh
# The patched libbpf against Debian's libbpf 1.4.6 (bookworm-backports,
# fetched into $BUILD with a private apt setup), both ways: tests/abi_pin.c
# built against the patched libbpf runs on 1.4.6's libbpf.so.1, and built
# against libbpf-dev 1.4.6 runs on the patched libbpf.so.1; each pins and
# gets a map through path_fd 0. Natively when the host has the feature
# (Linux >= 6.5) and we are root, and under vng on the patched kernel
# with the host's libraries.
#   checks/libbpf-abi.sh [BZIMAGE]
# TAP on stdout; logs and binaries in $RESULTS/libbpf-abi/.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"

kernel=${1:-$BZ_PATCHED}
patched=$PREFIX/lib
deb=$LIBBPF_146
multiarch=$(gcc -print-multiarch)
d146=$deb/usr/lib/$multiarch
system=/usr/lib/$multiarch/libbpf.so.1
tap_init
out=$check_dir
mkdir -p "$out/bin"
[ -f "$d146/libbpf.so.1" ] || die "$d146/libbpf.so.1 missing: run make libbpf-1.4.6"
[ -f "$patched/libbpf.so.1" ] || die "$patched/libbpf.so.1 missing: run make libbpf"


# "symbol@VERSION" for every versioned symbol that library $1 defines.
defined() {
	readelf --dyn-syms --wide "$1" |
		awk '$7 != "UND" && $8 ~ /@/ { sub(/@@/, "@", $8); print $8 }' | sort -u
}
# The version nodes (verdefs) that library $1 defines, its soname left out.
nodes() {
	readelf -V --wide "$1" | awk '$2 == "Rev:" && $5 != "BASE" { print $NF }' | sort -u
}
# The versioned undefined symbols that binary $1 needs.
needed() {
	readelf --dyn-syms --wide "$1" | awk '$7 == "UND" && $8 ~ /@LIBBPF_/ { print $8 }'
}

a=$out/bin/abi_pin_patched	# built against the patched libbpf
b=$out/bin/abi_pin_1.4.6	# built against libbpf-dev 1.4.6
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -Wall -Werror -I"$TOP/tests" -o "$a" "$TOP/tests/abi_pin.c" \
	$(PKG_CONFIG_PATH=$patched/pkgconfig pkg-config --cflags --libs libbpf) ||
	die "building $a failed"
cc -O2 -Wall -Werror -I"$TOP/tests" -I"$deb/usr/include" -o "$b" \
	"$TOP/tests/abi_pin.c" -L"$d146" -lbpf || die "building $b failed"

defined "$patched/libbpf.so.1" > "$out/patched.syms"
defined "$d146/libbpf.so.1" > "$out/1.4.6.syms"
if grep -qx 'bpf_obj_pin_opts@LIBBPF_1.3.0' "$out/patched.syms" &&
   readelf --dyn-syms --wide "$patched/libbpf.so.1" | grep -q ' bpf_obj_pin_opts@@LIBBPF_1.3.0$'; then
	ok "the patched libbpf.so defines bpf_obj_pin_opts@@LIBBPF_1.3.0"
else
	not_ok "the patched libbpf.so does not define bpf_obj_pin_opts@@LIBBPF_1.3.0"
fi
comm -23 "$out/patched.syms" "$out/1.4.6.syms" > "$out/forked.syms"
if [ -s "$out/patched.syms" ] && [ ! -s "$out/forked.syms" ]; then
	ok "every symbol@version the patched libbpf defines ($(wc -l < "$out/patched.syms")) is in 1.4.6 with that version"
else
	not_ok "symbols whose version 1.4.6 does not have: $(tr '\n' ' ' < "$out/forked.syms")"
fi
# A node with no symbol of its own (none in dyn-syms) still names a
# version a program can require: each must be one 1.4.6 defines.
nodes "$patched/libbpf.so.1" > "$out/patched.nodes"
nodes "$d146/libbpf.so.1" > "$out/1.4.6.nodes"
comm -23 "$out/patched.nodes" "$out/1.4.6.nodes" > "$out/forked.nodes"
if grep -qx LIBBPF_1.3.0 "$out/patched.nodes" && [ ! -s "$out/forked.nodes" ]; then
	ok "every version node the patched libbpf defines ($(wc -l < "$out/patched.nodes")) is one 1.4.6 defines"
else
	not_ok "version nodes 1.4.6 does not define (or no LIBBPF_1.3.0): $(tr '\n' ' ' < "$out/forked.nodes")"
fi
if needed "$a" | grep -qx 'bpf_obj_pin_opts@LIBBPF_1.3.0' &&
   needed "$b" | grep -qx 'bpf_obj_pin_opts@LIBBPF_1.3.0'; then
	ok "both builds need bpf_obj_pin_opts@LIBBPF_1.3.0"
else
	not_ok "a build needs another version of bpf_obj_pin_opts: $({ needed "$a"; needed "$b"; } | grep pin_opts | tr '\n' ' ')"
fi

# Natively, in a private mount namespace (the detached mount needs no
# mount point; fsmount() wants CAP_SYS_ADMIN).
native() { # libdir binary
	(cd /tmp && LD_LIBRARY_PATH=$1 unshare -m "$2")
}
if "$TOP/scripts/native-probe"; then
	expect_status 0 "natively: built against the patched libbpf, runs on 1.4.6 through fd 0" native "$d146" "$a"
	expect_status 0 "natively: built against 1.4.6, runs on the patched libbpf through fd 0" native "$patched" "$b"
else
	skip "natively, built against the patched libbpf, on 1.4.6: $("$TOP/scripts/native-probe" 2>&1)"
	skip "natively, built against 1.4.6, on the patched libbpf: $("$TOP/scripts/native-probe" 2>&1)"
fi
# A negative control: Debian 12's own libbpf 1.1 lacks the node.
if [ -f "$system" ]; then
	rc=0
	LD_LIBRARY_PATH='' "$a" > "$out/system.log" 2>&1 || rc=$?
	if [ "$rc" != 0 ] && grep -q "version .LIBBPF_1.3.0' not found" "$out/system.log"; then
		ok "control: on Debian 12's libbpf 1.1 the loader refuses it for want of LIBBPF_1.3.0"
	else
		not_ok "control: on $system it exited $rc: $(head -n 2 "$out/system.log")"
	fi
else
	not_ok "control: $system missing (package libbpf1)"
fi

# The hazard of a one-symbol LIBBPF_1.3.0 node: tests/abi_hazard.c,
# built against 1.4.6, uses bpf_prog_detach_opts@LIBBPF_1.3.0, which
# the tree's libbpf lacks. Lazily bound, it starts and dies at the call;
# with LD_BIND_NOW, at start; both with "symbol lookup error", never
# with the loader's "version not found". On 1.4.6 it runs.
h=$out/bin/abi_hazard_1.4.6
cc -O2 -Wall -Werror -Wl,-z,lazy -I"$deb/usr/include" -o "$h" \
	"$TOP/tests/abi_hazard.c" -L"$d146" -lbpf || die "building $h failed"
hazard() { # name libdir [env...]
	rc=0
	(LD_LIBRARY_PATH=$2 && export LD_LIBRARY_PATH && shift 2 && env "$@" "$h") \
		> "$out/hazard-$1.log" 2>&1 || rc=$?
	echo "$rc"
}
rc=$(hazard on-1.4.6 "$d146")
if [ "$rc" = 0 ] && grep -q 'bpf_prog_detach_opts returned' "$out/hazard-on-1.4.6.log"; then
	ok "hazard control: built against 1.4.6 with bpf_prog_detach_opts, runs on 1.4.6"
else
	not_ok "hazard control: on 1.4.6 it exited $rc ($out/hazard-on-1.4.6.log)"
fi
lookup_error="symbol lookup error: .*undefined symbol: bpf_prog_detach_opts, version LIBBPF_1.3.0"
rc=$(hazard lazy "$patched")
if [ "$rc" != 0 ] && grep -q '^abi_hazard: started$' "$out/hazard-lazy.log" &&
   grep -q "$lookup_error" "$out/hazard-lazy.log"; then
	ok "hazard shown: on the tree's libbpf it starts, then dies at the call: $(grep -o 'symbol lookup error.*' "$out/hazard-lazy.log")"
else
	not_ok "hazard (lazy binding): exited $rc, not as expected ($out/hazard-lazy.log)"
fi
rc=$(hazard now "$patched" LD_BIND_NOW=1)
if [ "$rc" != 0 ] && ! grep -q started "$out/hazard-now.log" &&
   grep -q "$lookup_error" "$out/hazard-now.log" && ! grep -q 'not found' "$out/hazard-now.log"; then
	ok "hazard shown: with LD_BIND_NOW it dies at start with a symbol lookup error, not 'version not found'"
else
	not_ok "hazard (LD_BIND_NOW): exited $rc, not as expected ($out/hazard-now.log)"
fi

# In the vng guest on the patched kernel: it sees this machine's
# filesystem, so the programs run where they were built, with the
# host's loader and libraries and each libbpf from where it lies.
rc=0
"$TOP/scripts/vng-run" -k "$kernel" -l "$out/guest.log" -t 180 -- \
	"$TOP/guest/abi-suite" "$d146" "$a" "$patched" "$b" > "$out/guest.out" 2>"$out/runner.err" || rc=$?
if [ "$rc" = 0 ] && [ "$(guest_status "$out/guest.out" abi-a)" = 0 ] &&
   grep -q "OK with libbpf 1.4 from $d146/" "$out/guest.out"; then
	ok "in the vng guest (patched kernel): built against the patched libbpf, runs on 1.4.6 through fd 0"
else
	not_ok "in the vng guest: the patched build on 1.4.6 (vng-run status $rc; $out/guest.out, $out/guest.log)"
fi
if [ "$rc" = 0 ] && [ "$(guest_status "$out/guest.out" abi-b)" = 0 ] &&
   grep -q "OK with libbpf 1.1 from $patched/" "$out/guest.out"; then
	ok "in the vng guest (patched kernel): built against 1.4.6, runs on the patched libbpf through fd 0"
else
	not_ok "in the vng guest: the 1.4.6 build on the patched libbpf (vng-run status $rc; $out/guest.out, $out/guest.log)"
fi
[ "$tap_n" = 12 ] || not_ok "12 tests were to run, $tap_n did"
tap_done
